/**
 * `bash scripts/with-webgpu.sh tsx scripts/bench-triton.ts [edge] [configs] [samples]`: the Triton tiled matmul
 * (src/triton/testing/kernels.ts, `tl.dot`) compiled to WGSL by src/triton/wgsl, against the
 * lab's tuned WGSL matmul (`matmul-tuned`, its default tile), both at edge³ (1024 by default) on
 * the same WebGPU adapter (Dawn in Node: SwiftShader where there is no GPU). Prints one line per
 * Triton tile configuration and a JSON summary as the last stdout line: each median in seconds,
 * GFLOP/s and the best Triton configuration's speed as a fraction of the tuned kernel's (issue
 * 43's target: at least 0.5). Timing is completion-based (submit, wait for the queue) for both,
 * after a warm-up run; the Triton result is spot-checked against a float64 product.
 */

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** The bench itself; it runs inside Vite's module loader, which reads the kernels' `.wgsl?raw`. */
export async function bench(edge: number, configCount: number, SAMPLES: number): Promise<number> {
  const { adapterLabel, measureKernel } = await import('../src/gpu/index.ts');
  const { acquireNodeGpu } = await import('../src/gpu/testing/node-gpu.ts');
  const { prepareTritonLaunch } = await import('../src/gpu/triton-runner.ts');
  const { makeTensor, toNumbers } = await import('../src/triton/index.ts');
  const { MATMUL } = await import('../src/triton/testing/kernels.ts');
  const { randomValues } = await import('../src/triton/testing/reference.ts');
  const acquisition = await acquireNodeGpu();
  if (!acquisition.ok) {
    process.stderr.write(`[bench-triton] no GPU: ${acquisition.message}\n`);
    return 1;
  }
  const gpu = acquisition.gpu;
  const device = gpu.device;
  const flops = 2 * edge ** 3;
  const adapter = adapterLabel(gpu.adapter);
  process.stderr.write(`[bench-triton] adapter: ${adapter}; ${edge}³\n`);

  const tuned = await measureKernel(
    gpu,
    'matmul-tuned',
    { m: edge, n: edge, k: edge },
    { measure: { samples: SAMPLES, minSamples: 1, minBatchSeconds: 0.001 } },
  );
  const tunedSeconds = tuned.measurement.medianSeconds;
  process.stderr.write(
    `[bench-triton] tuned WGSL matmul: ${(tunedSeconds * 1e3).toFixed(1)} ms, ${(flops / tunedSeconds / 1e9).toFixed(2)} GFLOP/s (checked: ${tuned.check.ok})\n`,
  );

  const as = randomValues(1, edge * edge);
  const bs = randomValues(2, edge * edge);
  const configs = [
    // Four B columns per invocation (num_warps = 1): one load of A serves four products.
    { BLOCK_M: 64, BLOCK_N: 128, BLOCK_K: 16, workgroupSize: 32 },
    { BLOCK_M: 64, BLOCK_N: 64, BLOCK_K: 32, workgroupSize: 64 },
    { BLOCK_M: 64, BLOCK_N: 64, BLOCK_K: 32, workgroupSize: 32 },
    { BLOCK_M: 32, BLOCK_N: 128, BLOCK_K: 16, workgroupSize: 32 },
    { BLOCK_M: 128, BLOCK_N: 64, BLOCK_K: 16, workgroupSize: 256 },
  ].slice(0, configCount);
  const triton: { config: string; seconds: number; gflops: number; maxError: number }[] = [];
  for (const { workgroupSize, ...constexprs } of configs) {
    const a = makeTensor('fp32', [edge, edge], as);
    const b = makeTensor('fp32', [edge, edge], bs);
    const c = makeTensor('fp32', [edge, edge]);
    const launch = await prepareTritonLaunch(device, MATMUL, {
      grid: [Math.ceil(edge / constexprs.BLOCK_M), Math.ceil(edge / constexprs.BLOCK_N)],
      args: [a, b, c, edge, edge, edge, edge, 1, edge, 1, edge, 1],
      constexprs,
      workgroupSize,
    });
    launch.submit();
    await device.queue.onSubmittedWorkDone();
    const times: number[] = [];
    for (let s = 0; s < SAMPLES; s++) {
      const t0 = performance.now();
      launch.submit();
      await device.queue.onSubmittedWorkDone();
      times.push((performance.now() - t0) / 1e3);
    }
    await launch.finish();
    launch.destroy();
    const got = toNumbers(c);
    let maxError = 0;
    for (let probe = 0; probe < 64; probe++) {
      const i = (probe * 7919) % edge;
      const j = (probe * 104729) % edge;
      let want = 0;
      for (let k = 0; k < edge; k++)
        want += Math.fround(as[i * edge + k]!) * Math.fround(bs[k * edge + j]!);
      maxError = Math.max(maxError, Math.abs(want - got[i * edge + j]!));
    }
    const seconds = median(times);
    const config = `${constexprs.BLOCK_M}x${constexprs.BLOCK_N}x${constexprs.BLOCK_K}, ${workgroupSize} invocations`;
    triton.push({ config, seconds, gflops: flops / seconds / 1e9, maxError });
    process.stderr.write(
      `[bench-triton] Triton tl.dot ${config}: ${(seconds * 1e3).toFixed(1)} ms, ${(flops / seconds / 1e9).toFixed(2)} GFLOP/s, max error ${maxError.toExponential(1)}\n`,
    );
  }
  const best = triton.reduce((x, y) => (y.seconds < x.seconds ? y : x));
  process.stdout.write(
    `${JSON.stringify({
      adapter,
      edge,
      tuned: { seconds: tunedSeconds, gflops: flops / tunedSeconds / 1e9, checked: tuned.check.ok },
      triton,
      best: best.config,
      speedOfTuned: tunedSeconds / best.seconds,
      target: 0.5,
    })}\n`,
  );
  device.destroy();
  return 0;
}

/** Under tsx: start Vite's loader and run `bench` through it (there `import.meta.env` is set). */
async function main(): Promise<number> {
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: false,
    root: process.cwd(),
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const module = (await server.ssrLoadModule('/scripts/bench-triton.ts')) as {
      bench: (edge: number, configs: number, samples: number) => Promise<number>;
    };
    return await module.bench(
      Number(process.argv[2] ?? 1024),
      Number(process.argv[3] ?? 4),
      Number(process.argv[4] ?? 3),
    );
  } finally {
    await server.close();
  }
}

if (!(import.meta as { env?: unknown }).env)
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(
        `[bench-triton] ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    },
  );
