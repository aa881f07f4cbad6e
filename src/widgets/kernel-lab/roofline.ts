/**
 * Roofline geometry, in data units, for the plot to scale: log axes of arithmetic intensity
 * (FLOPs per byte) and attainable FLOP/s, each roof as a polyline (a slope of bandwidth x
 * intensity, then the flat compute ceiling), and kernels as points. A kernel with no arithmetic
 * (the copy) has intensity 0, which a log axis cannot show: it is drawn at the left edge, at the
 * height its bandwidth gives there, so its distance below the roof still reads as its share of
 * the bandwidth. Pure.
 */
import { logTicks } from '../../ui/plot/ticks';

/** A roof: memory bandwidth, and a compute ceiling (Infinity for a memory-only line). */
export interface Roof {
  id: string;
  label: string;
  source: 'measured' | 'modeled';
  bytesPerSecond: number;
  flopsPerSecond: number;
  /** Drawn thin and dotted (the copy engine: a reference line, not a kernel's roof). */
  reference?: boolean;
}

/** A kernel on the plot. */
export interface KernelPoint {
  id: string;
  label: string;
  source: 'measured' | 'modeled';
  /** FLOPs per byte moved; 0 for a kernel without arithmetic. */
  intensity: number;
  flopsPerSecond: number;
  bytesPerSecond: number;
}

/** A roof laid out on the axes. */
export interface PlacedRoof extends Roof {
  /** Corners of the polyline, in data units, clipped to the plot. */
  path: Array<[intensity: number, flopsPerSecond: number]>;
  /** Intensity where the slope meets the ceiling, when it is on the plot. */
  ridge: number | null;
}

/** A kernel laid out on the axes. */
export interface PlacedPoint extends KernelPoint {
  x: number;
  y: number;
  /** True when it sits at the left edge because its intensity is 0. */
  atEdge: boolean;
}

/** Everything the plot draws. */
export interface RooflineGeometry {
  xDomain: [number, number];
  yDomain: [number, number];
  roofs: PlacedRoof[];
  points: PlacedPoint[];
  xTicks: number[];
  yTicks: number[];
}

/** Rounds down to a power of `base`. */
function floorPower(value: number, base: number): number {
  return base ** Math.floor(Math.log(value) / Math.log(base) + 1e-9);
}

/** Rounds up to a power of `base`. */
function ceilPower(value: number, base: number): number {
  return base ** Math.ceil(Math.log(value) / Math.log(base) - 1e-9);
}

/** The x axis: powers of 2 around every intensity and ridge, at least 1/16 .. 64. */
export function intensityDomain(intensities: number[]): [number, number] {
  const positive = intensities.filter((x) => x > 0 && Number.isFinite(x));
  const low = Math.min(1 / 16, ...positive.map((x) => x / 2));
  const high = Math.max(64, ...positive.map((x) => x * 2));
  return [floorPower(low, 2), ceilPower(high, 2)];
}

/** The y axis: powers of 10 around every value, spanning at least two decades. */
export function rateDomain(values: number[]): [number, number] {
  const positive = values.filter((v) => v > 0 && Number.isFinite(v));
  if (positive.length === 0) return [1e9, 1e12];
  let low = floorPower(Math.min(...positive) / 1.5, 10);
  const high = ceilPower(Math.max(...positive) * 1.5, 10);
  if (high / low < 100) low = high / 100;
  return [low, high];
}

/** A roof's polyline over the x domain, with the slope clipped at the top of the y domain. */
export function roofPath(
  roof: Roof,
  xDomain: [number, number],
  yDomain: [number, number],
): { path: Array<[number, number]>; ridge: number | null } {
  const [x0, x1] = xDomain;
  const top = Math.min(roof.flopsPerSecond, yDomain[1]);
  const ridge = top / roof.bytesPerSecond;
  const path: Array<[number, number]> = [[x0, roof.bytesPerSecond * x0]];
  if (ridge > x0 && ridge < x1) {
    path.push([ridge, top]);
    if (Number.isFinite(roof.flopsPerSecond) && roof.flopsPerSecond <= yDomain[1]) {
      path.push([x1, top]);
    }
  } else if (ridge >= x1) {
    path.push([x1, roof.bytesPerSecond * x1]);
  } else {
    path[0] = [x0, top];
    path.push([x1, top]);
  }
  const hasRidge = Number.isFinite(roof.flopsPerSecond) && ridge > x0 && ridge < x1;
  return { path, ridge: hasRidge ? ridge : null };
}

/** Lays out roofs and kernel points on shared log axes. */
export function rooflineGeometry(roofs: Roof[], points: KernelPoint[]): RooflineGeometry {
  const ridges = roofs
    .filter((r) => Number.isFinite(r.flopsPerSecond))
    .map((r) => r.flopsPerSecond / r.bytesPerSecond);
  const xDomain = intensityDomain([...points.map((p) => p.intensity), ...ridges]);
  const edgeY = (p: KernelPoint): number =>
    p.intensity > 0 ? p.flopsPerSecond : p.bytesPerSecond * xDomain[0];
  const yValues = [
    ...points.map(edgeY),
    ...roofs.filter((r) => Number.isFinite(r.flopsPerSecond)).map((r) => r.flopsPerSecond),
    ...roofs.filter((r) => !r.reference).map((r) => r.bytesPerSecond * xDomain[0]),
  ];
  const yDomain = rateDomain(yValues);
  return {
    xDomain,
    yDomain,
    roofs: roofs.map((roof) => ({ ...roof, ...roofPath(roof, xDomain, yDomain) })),
    points: points.map((p) => ({
      ...p,
      x: p.intensity > 0 ? p.intensity : xDomain[0],
      y: edgeY(p),
      atEdge: !(p.intensity > 0),
    })),
    xTicks: logTicks(xDomain, 2, Math.log2(xDomain[1] / xDomain[0]) > 12 ? 3 : 2),
    yTicks: logTicks(yDomain, 10),
  };
}

/** An intensity as a tick label: "1/16", "1/2", "1", "64", "4Ki". */
export function formatIntensity(intensity: number): string {
  if (intensity >= 1024) return `${intensity / 1024}Ki`;
  if (intensity >= 1) return String(Math.round(intensity * 100) / 100);
  return `1/${Math.round(1 / intensity)}`;
}
