import { useState } from 'react';
import { createBrowserLabDeps } from './browser-deps';
import { KernelLab } from './KernelLab';

/** The kernel lab as a lesson places it: wired to this browser's WebGPU and the cost engine. */
export default function KernelLabWidget() {
  const [deps] = useState(createBrowserLabDeps);
  return <KernelLab deps={deps} />;
}
