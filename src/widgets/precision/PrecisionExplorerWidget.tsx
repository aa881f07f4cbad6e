import { useState } from 'react';
import { createBrowserKernelDeps } from './browser-deps';
import { PrecisionExplorer, type PrecisionExplorerProps } from './PrecisionExplorer';

/** The precision explorer as a lesson places it: wired to this browser's WebGPU. */
export default function PrecisionExplorerWidget(props: Omit<PrecisionExplorerProps, 'kernelDeps'>) {
  const [deps] = useState(createBrowserKernelDeps);
  return <PrecisionExplorer kernelDeps={deps} {...props} />;
}
