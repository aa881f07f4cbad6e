import { useState } from 'react';
import { createBrowserWarpDeps } from './browser-deps';
import { Warp, type WarpProps } from './Warp';

/** The warp view as a lesson places it: wired to this browser's WebGPU. */
export default function WarpView(props: Omit<WarpProps, 'deps'>) {
  const [deps] = useState(createBrowserWarpDeps);
  return <Warp deps={deps} {...props} />;
}
