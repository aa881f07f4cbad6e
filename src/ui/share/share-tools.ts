import { createContext, useContext } from 'react';

/**
 * Whether Share menus (a widget's link and embed code, a question's) are on offer. The site's
 * lesson pages leave it true; an embed page sets it from its `tools` option (off unless the host
 * asks), and the knowledge check sets it false: instructors' tools stay out of a learner's way.
 */
export const ShareToolsContext = createContext(true);

/** Whether the component may show its Share menu here. */
export function useShareTools(): boolean {
  return useContext(ShareToolsContext);
}
