/**
 * Resolves what a lesson's `<CatalogValue of="…" figure="…" />` names: a Figure of a catalog
 * entry by dotted path, or one of a few values the cost engine derives from the catalog. Pure;
 * run at build time by the lesson check, which fails the build with file:line when an id, a
 * path or a unit is unknown, and hands the rendered text to the component.
 */
import {
  achievableBusBytesPerSecond,
  CPU_IDS,
  getCpu,
  getGpu,
  getInterconnect,
  getLink,
  GPU_IDS,
  INTERCONNECT_IDS,
  isCpuId,
  isGpuId,
  isInterconnectId,
  isLinkId,
  LINK_IDS,
  PAGEABLE_STAGING_BYTES_PER_SECOND,
  TRANSFER_DIRECTIONS,
  type Figure,
  type FigureKind,
  type Gpu,
  type LinkSpec,
  type TransferDirection,
} from '../engine/catalog';
import {
  achievableMemoryBytesPerSecond,
  chooseUnit,
  KERNEL_KINDS,
  linkBytesPerSecond,
  PRECISIONS,
  ridgeIntensity,
  type KernelKind,
  type Precision,
} from '../engine/models';
import { figuresIn } from '../engine/catalog';
import { figureTitle } from '../format/figure';
import { formatCatalogNumber, type DisplayRequest } from './catalog-value-units';

/** What a lesson asks for: an entry, a figure path, and how to write it. */
export interface CatalogValueRequest extends DisplayRequest {
  /** A GPU, CPU, host-link or interconnect id from the catalog. */
  of: string;
  /** A dotted path to a Figure in that entry, or the name of a derived value. */
  figure: string;
}

/** A resolved value: the text to print, its kind, and a one-line description of its source. */
export interface ResolvedCatalogValue {
  text: string;
  kind: FigureKind;
  description: string;
  /** The figure itself, in the catalog's SI unit. */
  figure: Figure;
}

/** A request the catalog cannot answer; the message says what is known instead. */
export class CatalogValueError extends Error {
  override name = 'CatalogValueError';
}

type Derive = (args: string[]) => Figure;

/** One catalog entry as the resolver walks it. */
interface Entry {
  what: string;
  data: object;
  derived: Record<string, { usage: string; derive: Derive }>;
}

/** The least trusted of several kinds: an estimate anywhere makes the result an estimate. */
function weakest(...kinds: FigureKind[]): FigureKind {
  if (kinds.includes('estimate')) return 'estimate';
  return kinds.includes('measured') ? 'measured' : 'vendor-peak';
}

function pick<T extends string>(name: string, value: string | undefined, allowed: readonly T[]) {
  if (value === undefined || !(allowed as readonly string[]).includes(value)) {
    throw new CatalogValueError(`${name} must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

function gpuEntry(gpu: Gpu): Entry {
  const flops =
    (ridge: boolean): Derive =>
    ([kindArg, precisionArg]) => {
      const kind = pick<KernelKind>('the kernel kind', kindArg, KERNEL_KINDS);
      const precision = pick<Precision>('the precision', precisionArg, PRECISIONS);
      let choice;
      try {
        choice = chooseUnit(gpu, kind, precision);
      } catch (e) {
        throw new CatalogValueError((e as Error).message);
      }
      const { peakFlopsPerSecond: peak, achievableFraction: share } = choice;
      const derivation = `${choice.unit} peak ${peak.value / 1e12} TFLOP/s x achievable share ${share.value.toFixed(3)} (${share.note ?? 'as measured'})`;
      const kindOf = weakest(
        peak.kind,
        share.kind,
        ridge ? gpu.achievable.memory.kind : 'vendor-peak',
      );
      if (!ridge) {
        return {
          value: peak.value * share.value,
          unit: 'FLOP/s',
          kind: kindOf,
          source: share.source,
          note: derivation,
        };
      }
      return {
        value: ridgeIntensity(gpu.id, kind, precision),
        unit: 'FLOP/B',
        kind: kindOf,
        source: `${share.source}; ${gpu.achievable.memory.source}`,
        note: `achievable FLOP/s over achievable memory bandwidth: ${derivation}`,
      };
    };
  const perSm =
    (field: 'fp32Cores' | 'tensorCores'): Derive =>
    () => ({
      value: gpu[field].value / gpu.sms.value,
      unit: gpu[field].unit,
      kind: weakest(gpu[field].kind, gpu.sms.kind),
      source: gpu[field].source,
      note: `${gpu[field].value} / ${gpu.sms.value} SMs`,
    });
  return {
    what: `gpu "${gpu.id}"`,
    data: gpu,
    derived: {
      achievableMemoryBytesPerSecond: {
        usage: 'achievableMemoryBytesPerSecond',
        derive: () => {
          const peak = gpu.memoryBytesPerSecond;
          const share = gpu.achievable.memory;
          return {
            value: achievableMemoryBytesPerSecond(gpu),
            unit: 'B/s',
            kind: weakest(peak.kind, share.kind),
            source: share.source,
            note: `datasheet ${peak.value / 1e9} GB/s x share reached ${share.value.toFixed(3)} (${share.note ?? 'as measured'})`,
          };
        },
      },
      achievableFlopsPerSecond: {
        usage: `achievableFlopsPerSecond.<${KERNEL_KINDS.join('|')}>.<${PRECISIONS.join('|')}>`,
        derive: flops(false),
      },
      ridgeIntensity: {
        usage: `ridgeIntensity.<kind>.<precision>`,
        derive: flops(true),
      },
      perSm: {
        usage: 'perSm.fp32Cores, perSm.tensorCores',
        derive: ([f]) => perSm(pick('perSm', f, ['fp32Cores', 'tensorCores'] as const))([]),
      },
    },
  };
}

function linkEntry(link: LinkSpec): Entry {
  const rate =
    (pinned: boolean): Derive =>
    ([dirArg]) => {
      const direction = pick<TransferDirection>('the direction', dirArg, TRANSFER_DIRECTIONS);
      const share = link.achievable[direction];
      const staging = PAGEABLE_STAGING_BYTES_PER_SECOND;
      return {
        value: linkBytesPerSecond(link, direction, pinned),
        unit: 'B/s',
        kind: pinned ? weakest(link.bytesPerSecond.kind, share.kind) : 'estimate',
        source: pinned ? share.source : `${share.source}; ${staging.source}`,
        note: pinned
          ? `${link.bytesPerSecond.value / 1e9} GB/s x ${share.value.toFixed(3)} (${share.note ?? 'as measured'})`
          : `pinned rate in series with a ${staging.value / 1e9} GB/s staging copy (${staging.note ?? ''})`,
      };
    };
  return {
    what: `host link "${link.id}"`,
    data: link,
    derived: {
      achievableBytesPerSecond: { usage: 'achievableBytesPerSecond.<h2d|d2h>', derive: rate(true) },
      pageableBytesPerSecond: { usage: 'pageableBytesPerSecond.<h2d|d2h>', derive: rate(false) },
      pageableStagingBytesPerSecond: {
        usage: 'pageableStagingBytesPerSecond',
        derive: () => PAGEABLE_STAGING_BYTES_PER_SECOND,
      },
    },
  };
}

function entriesFor(id: string): Entry[] {
  const out: Entry[] = [];
  if (isGpuId(id)) out.push(gpuEntry(getGpu(id)));
  if (isCpuId(id)) {
    const cpu = getCpu(id);
    out.push({
      what: `cpu "${id}"`,
      data: cpu,
      derived: {
        totalCores: {
          usage: 'totalCores',
          derive: () => ({
            value: cpu.performanceCores.value + cpu.efficiencyCores.value,
            unit: 'cores',
            kind: weakest(cpu.performanceCores.kind, cpu.efficiencyCores.kind),
            source: cpu.performanceCores.source,
            note: `${cpu.performanceCores.value} performance + ${cpu.efficiencyCores.value} efficiency cores`,
          }),
        },
      },
    });
  }
  if (isLinkId(id)) out.push(linkEntry(getLink(id)));
  if (isInterconnectId(id)) {
    const ic = getInterconnect(id);
    out.push({
      what: `interconnect "${id}"`,
      data: ic,
      derived: {
        achievableBusBytesPerSecond: {
          usage: 'achievableBusBytesPerSecond',
          derive: () => ({
            value: achievableBusBytesPerSecond(ic),
            unit: 'B/s',
            kind: weakest(ic.bytesPerSecondPerDirection.kind, ic.allReduceBusFraction.kind),
            source: ic.allReduceBusFraction.source,
            note: `per-direction rate x all-reduce bus share ${ic.allReduceBusFraction.value.toFixed(3)}`,
          }),
        },
      },
    });
  }
  return out;
}

/** The figure at `path` in `entry`, or undefined when the path leads nowhere or to no Figure. */
function walk(entry: Entry, path: string[]): Figure | undefined {
  let node: unknown = entry.data;
  for (const key of path) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  const f = node as Partial<Figure> | null;
  return f && typeof f.value === 'number' && typeof f.source === 'string'
    ? (f as Figure)
    : undefined;
}

function known(entry: Entry): string {
  const paths = figuresIn(entry.data, '').map(([p]) => p.slice(1));
  const derived = Object.values(entry.derived).map((d) => d.usage);
  return `its figures are ${paths.join(', ')}; derived: ${derived.join(', ')}`;
}

/**
 * The Figure a lesson names: `figure` is a dotted path into the entry (`memoryBytesPerSecond`,
 * `peakFlopsPerSecond.tensor-core.bf16`) or a derived value (`achievableMemoryBytesPerSecond`,
 * `achievableFlopsPerSecond.matmul.bf16`, `achievableBytesPerSecond.h2d`, …). Ids that name both
 * a host link and an interconnect (pcie3/4/5) are looked up in both. Throws CatalogValueError.
 */
export function lookupCatalogFigure(of: string, figure: string): Figure {
  const entries = entriesFor(of);
  if (entries.length === 0) {
    throw new CatalogValueError(
      `unknown catalog id "${of}": GPUs ${GPU_IDS.join(', ')}; CPUs ${CPU_IDS.join(', ')}; host links ${LINK_IDS.join(', ')}; interconnects ${INTERCONNECT_IDS.join(', ')}`,
    );
  }
  const path = figure.split('.');
  for (const entry of entries) {
    const found = walk(entry, path);
    if (found) return found;
    const derived = entry.derived[path[0] ?? ''];
    if (derived) return derived.derive(path.slice(1));
  }
  throw new CatalogValueError(
    `${entries.map((e) => e.what).join(' / ')} has no figure "${figure}": ${entries.map(known).join(' | ')}`,
  );
}

/** Resolves a `<CatalogValue>` request to its text and description; throws CatalogValueError. */
export function resolveCatalogValue(request: CatalogValueRequest): ResolvedCatalogValue {
  const figure = lookupCatalogFigure(request.of, request.figure);
  let text: string;
  try {
    text = formatCatalogNumber(figure.value, figure.unit, request);
  } catch (e) {
    throw new CatalogValueError(`${request.of} ${request.figure}: ${(e as Error).message}`);
  }
  return { text, kind: figure.kind, description: figureTitle(figure), figure };
}
