/** Draws the zoomed-in view: one SM's processing blocks, registers, cores and shared memory. */
import { smWord } from './hardware';
import { formatBytesBinary, formatCount } from '../../format/units';
import { layoutSmDetail, splitEvenly, type SmDetailLayout } from './layout';
import { WARP_SIZE } from './settings';
import { fillRects, fitLabel } from './canvas-paint';
import { busyCores, type DrawColors, type DrawContext, type Scene } from './scene';

/** The zoomed view's layout for a scene. */
export function detailLayoutFor(scene: Scene): SmDetailLayout {
  const { hardware, layout } = scene;
  return layoutSmDetail({
    widthPx: layout.widthPx,
    heightPx: layout.heightPx,
    coresPerSm: hardware.coresPerSm,
    tensorCoresPerSm: hardware.tensorCoresPerSm,
    partitions: hardware.anatomy.warpSchedulers?.value ?? 1,
  });
}

/** Draws one SM filling the canvas: processing blocks, warps, registers, cores, tensor cores, shared memory. */
export function drawDetail(ctx: DrawContext, scene: Scene, colors: DrawColors): void {
  const { hardware } = scene;
  const detail = detailLayoutFor(scene);
  const anatomy = hardware.anatomy;
  const threads = scene.threadsPerSm[scene.selectedSm] ?? 0;
  const warps = Math.ceil(threads / WARP_SIZE);
  const word = smWord(hardware.base);
  const partitions = detail.partitions.length;
  const busyPerPart = splitEvenly(busyCores(threads, hardware.coresPerSm), partitions);
  const threadsPerPart = splitEvenly(threads, partitions);
  const warpsPerPart = splitEvenly(warps, partitions);
  const wavePart = scene.wave > 0 ? `wave ${formatCount(scene.wave)}: ` : '';
  fitLabel(
    ctx,
    [
      `${word} ${scene.selectedSm + 1} of ${formatCount(hardware.sms)} · ${wavePart}${formatCount(threads)} threads in ${formatCount(warps)} warps`,
      `${word} ${scene.selectedSm + 1} · ${formatCount(threads)} threads, ${formatCount(warps)} warps`,
      `${word} ${scene.selectedSm + 1}`,
    ],
    detail.title,
    colors,
    colors.text,
  );
  const registersEach = anatomy.registerBytes ? anatomy.registerBytes.value / partitions : null;
  detail.partitions.forEach((part, p) => {
    fillRects(ctx, [part.box], colors.tile);
    ctx.strokeStyle = colors.tileBorder;
    ctx.lineWidth = 1;
    ctx.strokeRect(part.box.x + 0.5, part.box.y + 0.5, part.box.w - 1, part.box.h - 1);
    fillRects(ctx, [part.scheduler, part.registers], colors.background);
    // One thread per core counts threads (the simple picture); resident warps count warps.
    const load =
      scene.residency === 'resident'
        ? `${formatCount(warpsPerPart[p] ?? 0)} warps resident`
        : `${formatCount(threadsPerPart[p] ?? 0)} threads`;
    const schedulerText = anatomy.warpSchedulers
      ? [`Warp scheduler · ${load}`, `Scheduler · ${load}`, 'Sched.']
      : [`Scheduler (not published) · ${load}`, 'Sched.: n/a'];
    fitLabel(ctx, schedulerText, part.scheduler, colors, colors.text);
    const registerText = registersEach
      ? [
          `Registers · ${formatBytesBinary(registersEach)}`,
          `Regs ${formatBytesBinary(registersEach)}`,
          'Regs',
        ]
      : ['Registers: not published', 'Regs: n/a'];
    fitLabel(ctx, registerText, part.registers, colors, colors.muted);
    const busyHere = busyPerPart[p] ?? 0;
    fillRects(ctx, part.cores.slice(busyHere), colors.coreIdle);
    fillRects(ctx, part.cores.slice(0, busyHere), colors.coreBusy);
    ctx.globalAlpha = 0.55;
    fillRects(ctx, part.tensorCores, colors.tensor);
    ctx.globalAlpha = 1;
    for (const tc of part.tensorCores)
      fitLabel(ctx, ['Tensor', 'TC'], tc, colors, colors.text, 'center');
  });
  fillRects(ctx, [detail.sharedMemory], colors.background);
  ctx.strokeStyle = colors.tileBorder;
  ctx.strokeRect(
    detail.sharedMemory.x + 0.5,
    detail.sharedMemory.y + 0.5,
    detail.sharedMemory.w - 1,
    detail.sharedMemory.h - 1,
  );
  const l1 = anatomy.l1SharedBytes;
  const shared = anatomy.maxSharedBytes;
  fitLabel(
    ctx,
    l1 && shared
      ? [
          `L1 cache / shared memory · ${formatBytesBinary(l1.value)} (up to ${formatBytesBinary(shared.value)} as shared memory)`,
          `L1 / shared · ${formatBytesBinary(l1.value)} (≤ ${formatBytesBinary(shared.value)} shared)`,
          `L1/shared ${formatBytesBinary(l1.value)}`,
        ]
      : ['L1 cache / shared memory: not published', 'L1 / shared: n/a'],
    detail.sharedMemory,
    colors,
    colors.text,
  );
}
