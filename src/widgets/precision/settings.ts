/**
 * What a link may set in the precision explorer, declared once as its state schema: the typed
 * number (a finite double, or a special value: inf, -inf, nan, -0), the format shown in the bit
 * editor, the part shown, the loss scale and growth interval, the autocast dtype, the modeled
 * step's inputs and the size of the measured kernel. Measurements never go in a link. Pure.
 */
import { catalogGpuField } from '../../network-step';
import { OPTIMIZER_IDS, ZOO_IDS } from '../../engine/models';
import {
  defineWidgetSchema,
  enumField,
  integerField,
  numberField,
  type SchemaState,
} from '../../state/schema';
import { AUTOCAST_DTYPES } from './autocast';
import { FORMAT_IDS } from './formats';
import { toNumber } from './rational';
import type { TypedNumber } from './typed-number';

/** The parts of the explorer, in the order the picker lists them. */
export const PANELS = ['formats', 'scaling', 'autocast', 'step', 'kernel'] as const;
/** One part. */
export type Panel = (typeof PANELS)[number];

/** The special values a link can carry. */
export const SPECIALS = ['none', 'inf', '-inf', 'nan', '-0'] as const;
/** One of them ('none' for a finite non-zero number or +0). */
export type Special = (typeof SPECIALS)[number];

/** Beyond every format's range (fp32 ends near 3.4e38): what a link clamps the typed value to. */
export const LINK_VALUE_LIMIT = 1e39;

/** The number shown first; a special value leaves it at this, so its link carries only the name. */
export const DEFAULT_VALUE = 0.1;

/** Sizes of the measured matmul, as written in a link. */
export const KERNEL_SIZES = ['64', '128', '256'] as const;

/** The precision explorer's settings. */
export const precisionSchema = defineWidgetSchema({
  id: 'precision',
  version: 1,
  fields: {
    /** The typed number, when it is finite (the nearest double). */
    value: numberField({
      key: 'x',
      label: 'Typed number',
      default: DEFAULT_VALUE,
      min: -LINK_VALUE_LIMIT,
      max: LINK_VALUE_LIMIT,
    }),
    /** A special typed value, which wins over `value`. */
    special: enumField({
      key: 'special',
      label: 'Special value',
      default: 'none',
      values: SPECIALS,
    }),
    /** The format in the bit editor. */
    format: enumField({ key: 'format', label: 'Format', default: 'fp16', values: FORMAT_IDS }),
    /** The part shown. */
    panel: enumField({ key: 'part', label: 'Part', default: 'formats', values: PANELS }),
    /** The loss scale is 2 to this power. */
    scaleLog2: integerField({
      key: 'scale',
      label: 'Loss scale (power of two)',
      default: 16,
      min: 0,
      max: 24,
    }),
    /** GradScaler's growth_interval. */
    growthInterval: integerField({
      key: 'interval',
      label: 'growth_interval',
      default: 2000,
      min: 1,
      max: 10_000,
    }),
    /** The dtype passed to torch.autocast. */
    autocastDtype: enumField({
      key: 'dtype',
      label: 'Autocast dtype',
      default: 'float16',
      values: AUTOCAST_DTYPES,
    }),
    /** Zoo network of the modeled step. */
    model: enumField({ key: 'model', label: 'Network', default: 'bert-base', values: ZOO_IDS }),
    /** Catalog GPU of the modeled step. */
    gpu: catalogGpuField({ label: 'Simulated GPU' }),
    batch: integerField({ key: 'batch', label: 'Batch', default: 32, min: 1, max: 65_536 }),
    seq: integerField({ key: 'seq', label: 'Sequence length', default: 128, min: 1, max: 4096 }),
    optimizer: enumField({
      key: 'opt',
      label: 'Optimizer',
      default: 'adamw',
      values: OPTIMIZER_IDS,
    }),
    /** n of the measured n × n matmul. */
    kernelSize: enumField({ key: 'n', label: 'Matrix size', default: '128', values: KERNEL_SIZES }),
  },
});

/** The precision explorer's settings. */
export type PrecisionSettings = SchemaState<typeof precisionSchema>;

/** The typed number a link describes, as text for the input box. */
export function textOfSettings(settings: Pick<PrecisionSettings, 'value' | 'special'>): string {
  switch (settings.special) {
    case 'inf':
    case '-inf':
    case 'nan':
    case '-0':
      return settings.special;
    case 'none':
      return String(settings.value);
  }
}

/**
 * How a typed number goes into a link: specials by name (the value left at its default); a finite one as the nearest double,
 * clamped to ±LINK_VALUE_LIMIT, and kept away from zero when it is not zero (±5e-324).
 */
export function settingsOfTyped(typed: TypedNumber): Pick<PrecisionSettings, 'value' | 'special'> {
  if (typed.kind === 'nan') return { value: DEFAULT_VALUE, special: 'nan' };
  if (typed.kind === 'infinity') {
    return { value: DEFAULT_VALUE, special: typed.negative ? '-inf' : 'inf' };
  }
  if (typed.value.n === 0n) {
    return typed.negative ? { value: DEFAULT_VALUE, special: '-0' } : { value: 0, special: 'none' };
  }
  const nearest = toNumber(typed.value);
  const clamped = Math.min(LINK_VALUE_LIMIT, Math.max(-LINK_VALUE_LIMIT, nearest));
  const value = clamped === 0 ? (typed.negative ? -Number.MIN_VALUE : Number.MIN_VALUE) : clamped;
  return { value, special: 'none' };
}

/** Whether a link's number is the same as a typed one would write (so the text is left alone). */
export function sameLinkNumber(
  a: Pick<PrecisionSettings, 'value' | 'special'>,
  b: Pick<PrecisionSettings, 'value' | 'special'>,
): boolean {
  return a.special === b.special && (a.special !== 'none' || a.value === b.value);
}
