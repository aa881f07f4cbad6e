import { createContext, useContext } from 'react';

/**
 * True inside an embed page (`#/embed/…`): Share controls there offer no Embed part and
 * questions no Embed button, since the page is already embedded.
 */
export const EmbedModeContext = createContext(false);

/** Whether the component is rendered inside an embed page. */
export function useEmbedMode(): boolean {
  return useContext(EmbedModeContext);
}
