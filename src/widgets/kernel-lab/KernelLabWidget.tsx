import { useState } from 'react';
import { createBrowserLabDeps } from './browser-deps';
import { KernelLab, type KernelLabProps } from './KernelLab';

/** The kernel lab as a lesson places it: wired to this browser's WebGPU and the cost engine. */
export default function KernelLabWidget(props: Omit<KernelLabProps, 'deps'>) {
  const [deps] = useState(createBrowserLabDeps);
  return <KernelLab deps={deps} {...props} />;
}
