import { useState } from 'react';
import { AsyncTiming, type AsyncTimingProps } from './AsyncTiming';
import { createBrowserTimingDeps } from './browser-deps';

/** The async timing demo as a lesson places it: wired to this browser's WebGPU. */
export default function AsyncTimingWidget(props: Omit<AsyncTimingProps, 'deps'>) {
  const [deps] = useState(createBrowserTimingDeps);
  return <AsyncTiming deps={deps} {...props} />;
}
