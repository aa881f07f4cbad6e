import { useEffect, useState } from 'react';
import type { CheckDeps } from './check-run';
import { gpuStatusOf, type GpuStatus } from './gpu-status';

/** The GPU's status for the page, asked for once on mount. */
export function useGpuStatus(deps: Pick<CheckDeps, 'gpu'>): GpuStatus {
  const [status, setStatus] = useState<GpuStatus>({ kind: 'checking' });
  useEffect(() => {
    let live = true;
    void deps.gpu().then((acquired) => {
      if (live) setStatus(gpuStatusOf(acquired));
    });
    return () => {
      live = false;
    };
  }, [deps]);
  return status;
}
