import { useState } from 'react';
import { createBrowserCrossoverDeps } from './browser-deps';
import { Crossover, type CrossoverProps } from './Crossover';

/** The crossover plot as a lesson places it: wired to this browser's workers and WebGPU. */
export default function CrossoverWidget(props: Omit<CrossoverProps, 'deps'>) {
  const [deps] = useState(createBrowserCrossoverDeps);
  return <Crossover deps={deps} {...props} />;
}
