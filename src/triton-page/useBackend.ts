import { useEffect, useState } from 'react';
import { adapterFacts } from '../gpu';
import type { TritonBackend } from './controller';
import type { TritonPageDeps } from './deps';

/** What runs the page's checks: the shared WebGPU device when there is one, else the interpreter. */
export function useTritonBackend(deps: TritonPageDeps): TritonBackend | null {
  const [backend, setBackend] = useState<TritonBackend | null>(null);
  useEffect(() => {
    let live = true;
    void deps.gpu().then((acquired) => {
      if (!live) return;
      if (!acquired.ok) {
        setBackend({
          kind: 'interpreter',
          why: `this browser has no WebGPU (${acquired.message})`,
        });
        return;
      }
      const facts = adapterFacts(acquired.gpu.adapter);
      setBackend({
        kind: 'webgpu',
        gpu: acquired.gpu,
        adapter: facts.description,
        fallback: facts.isFallback,
      });
    });
    return () => {
      live = false;
    };
  }, [deps]);
  return backend;
}

/** The line on what runs the kernels, shown above every Triton puzzle. */
export function describeTritonBackend(backend: TritonBackend | null): string {
  if (backend === null) return 'Asking the browser for a GPU…';
  if (backend.kind === 'interpreter') {
    return `Kernels run on the interpreter (in JavaScript, on your CPU): ${backend.why}. Checks are exact; times are of the interpreter.`;
  }
  return backend.fallback
    ? `Kernels are compiled to WGSL and run on WebGPU through ${backend.adapter}, a software adapter: your CPU emulates a GPU, so results are checked for real but times are of the emulation.`
    : `Kernels are compiled to WGSL and run on your GPU through WebGPU: ${backend.adapter}.`;
}
