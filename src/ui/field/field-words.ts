/**
 * What a form writes for a schema field, read from the field itself: its label (the form label
 * where the schema gives one, then the unit), its help, and what to type instead of an invalid
 * number. A view never writes these words again. Pure.
 */
import type { Field, IntegerField, NumberField } from '../../state/schema';

/** A number field: whole or with decimals. */
export type NumericField = IntegerField | NumberField;

/** The label a form shows: "Batch size", "Serial fraction (%)", "Host time per eager op (µs)". */
export function fieldLabel(field: Field): string {
  const name = field.formLabel ?? field.label;
  const unit = field.kind === 'integer' || field.kind === 'number' ? field.unit : undefined;
  return unit ? `${name} (${unit})` : name;
}

/** The field's help as a form shows it, with the slider's scale when it is logarithmic. */
export function fieldHelp(field: Field): string | null {
  const scale = (field.kind === 'integer' || field.kind === 'number') && field.scale === 'log';
  if (!field.help) return null;
  return scale ? `${field.help} (log scale)` : field.help;
}

/** Decimal places a typed value of the field may have (0 for whole numbers). */
export function decimalsOf(field: NumericField): number {
  return field.kind === 'number' ? (field.decimals ?? 0) : 0;
}

const people = (n: number) => n.toLocaleString('en-US');

/**
 * What to type instead of an invalid number, and the value kept meanwhile: "Type a whole number
 * from 1 to 1,048,576; the profile keeps 32 until then."
 */
export function correctionText(
  limits: { min: number; max: number; decimals: number },
  kept: number,
  keeper: string,
): string {
  const { min, max, decimals } = limits;
  const what =
    decimals > 0
      ? `a number from ${people(min)} to ${people(max)} with at most ${decimals} decimals`
      : `a whole number from ${people(min)} to ${people(max)}`;
  return `Type ${what}; ${keeper} keeps ${people(kept)} until then.`;
}
