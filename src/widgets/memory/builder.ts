/**
 * The learner's own network, as the builder edits it: a short list of layers of a few kinds
 * (linear, conv2d, layernorm, activation, attention), each with its sizes as typed (text, so a
 * half-typed number stays on screen), turned into the engine's JSON layer list and checked by
 * the engine's parser. Sizes are per sample, as the engine's layers take them; the builder does
 * not check that one layer's output matches the next one's input. Pure.
 */
import { parseLayerList } from '../../engine/models';

/** The layer kinds the builder offers. */
export const BUILDER_KINDS = ['linear', 'conv2d', 'layernorm', 'activation', 'attention'] as const;

/** One layer kind of the builder. */
export type BuilderKind = (typeof BUILDER_KINDS)[number];

/** The most layers the builder holds. */
export const MAX_BUILDER_LAYERS = 32;

/** The activation functions an activation layer may apply. */
export const ACTIVATION_CHOICES = ['relu', 'gelu', 'silu', 'tanh', 'sigmoid'] as const;

/** One field of a layer kind. */
export interface KindField {
  /** The engine's field name. */
  name: string;
  /** Label beside the input. */
  label: string;
  input: 'number' | 'fn' | 'flag';
  default: string | boolean;
}

const num = (name: string, label: string, value: number): KindField => ({
  name,
  label,
  input: 'number',
  default: String(value),
});

/** The fields of each kind, with sensible defaults. */
export const KIND_FIELDS: Readonly<Record<BuilderKind, readonly KindField[]>> = {
  linear: [
    num('inFeatures', 'In features', 1024),
    num('outFeatures', 'Out features', 1024),
    num('tokens', 'Rows per sample', 1),
  ],
  conv2d: [
    num('inChannels', 'In channels', 3),
    num('outChannels', 'Out channels', 64),
    num('kernel', 'Kernel', 3),
    num('stride', 'Stride', 1),
    num('padding', 'Padding', 1),
    num('inHeight', 'Height', 224),
    num('inWidth', 'Width', 224),
  ],
  layernorm: [num('features', 'Features', 1024), num('tokens', 'Rows per sample', 1)],
  activation: [
    { name: 'fn', label: 'Function', input: 'fn', default: 'relu' },
    num('elements', 'Elements per sample', 1024),
  ],
  attention: [
    num('heads', 'Heads', 8),
    num('headDim', 'Head size', 64),
    num('queries', 'Queries', 128),
    num('keys', 'Keys', 128),
    { name: 'causal', label: 'Causal mask', input: 'flag', default: true },
  ],
};

/** One layer as the builder holds it. */
export interface LayerDraft {
  /** Stable id for the view (not the position). */
  id: number;
  kind: BuilderKind;
  /** Field values as typed (numbers as text) or ticked. */
  values: Readonly<Record<string, string | boolean>>;
}

/** A new layer of `kind` with the default sizes. */
export function newDraft(kind: BuilderKind, id: number): LayerDraft {
  return {
    id,
    kind,
    values: Object.fromEntries(KIND_FIELDS[kind].map((f) => [f.name, f.default])),
  };
}

/** The network the builder starts with: a small MLP on 784 inputs (MNIST-sized). */
export function starterDrafts(): LayerDraft[] {
  const drafts = [newDraft('linear', 1), newDraft('activation', 2), newDraft('linear', 3)];
  return [
    { ...drafts[0]!, values: { ...drafts[0]!.values, inFeatures: '784', outFeatures: '512' } },
    { ...drafts[1]!, values: { ...drafts[1]!.values, elements: '512' } },
    { ...drafts[2]!, values: { ...drafts[2]!.values, inFeatures: '512', outFeatures: '10' } },
  ];
}

/** The drafts with a new layer of `kind` at the end (no change at the limit). */
export function addDraft(drafts: readonly LayerDraft[], kind: BuilderKind): LayerDraft[] {
  if (drafts.length >= MAX_BUILDER_LAYERS) return [...drafts];
  const id = drafts.reduce((max, d) => Math.max(max, d.id), 0) + 1;
  return [...drafts, newDraft(kind, id)];
}

/** The drafts without layer `id` (the last layer stays). */
export function removeDraft(drafts: readonly LayerDraft[], id: number): LayerDraft[] {
  const rest = drafts.filter((d) => d.id !== id);
  return rest.length > 0 ? rest : [...drafts];
}

/** The drafts with layer `id` moved by `delta` places (clamped to the list). */
export function moveDraft(drafts: readonly LayerDraft[], id: number, delta: number): LayerDraft[] {
  const from = drafts.findIndex((d) => d.id === id);
  if (from < 0) return [...drafts];
  const to = Math.min(drafts.length - 1, Math.max(0, from + delta));
  const list = [...drafts];
  const [moved] = list.splice(from, 1);
  list.splice(to, 0, moved!);
  return list;
}

/** The drafts with one field of layer `id` set (fields its kind lacks are ignored). */
export function editDraft(
  drafts: readonly LayerDraft[],
  id: number,
  field: string,
  value: string | boolean,
): LayerDraft[] {
  return drafts.map((d) =>
    d.id === id && KIND_FIELDS[d.kind].some((f) => f.name === field)
      ? { ...d, values: { ...d.values, [field]: value } }
      : d,
  );
}

/** The name a draft's layer carries in the engine's answers ("linear 1"). */
export function draftName(draft: LayerDraft, index: number): string {
  return `${draft.kind} ${index + 1}`;
}

/** A typed size as the engine gets it: a number when it reads as one, else the text itself. */
function numberOf(text: string): number | string {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

/** The engine's JSON layer list for the drafts (not yet checked). */
export function draftsToLayerList(drafts: readonly LayerDraft[]): unknown[] {
  return drafts.map((draft, index) => {
    const layer: Record<string, unknown> = { type: draft.kind, name: draftName(draft, index) };
    for (const field of KIND_FIELDS[draft.kind]) {
      const value = draft.values[field.name] ?? field.default;
      layer[field.name] =
        field.input === 'number' && typeof value === 'string' ? numberOf(value) : value;
    }
    return layer;
  });
}

/** The checked layer list, or the engine's message and the row (from 0) it names. */
export type BuilderCheck =
  { ok: true; layers: unknown[] } | { ok: false; message: string; row: number | null };

/** Checks the drafts with the engine's parser; its message names the row from 1. */
export function checkDrafts(drafts: readonly LayerDraft[]): BuilderCheck {
  const layers = draftsToLayerList(drafts);
  try {
    parseLayerList(layers);
    return { ok: true, layers };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const match = /^layer (\d+)(?: "[^"]*")? \([^)]*\): ([\s\S]*)$/.exec(text);
    if (!match) return { ok: false, message: text, row: null };
    const row = Number(match[1]);
    const draft = drafts[row];
    const label = draft ? `Layer ${row + 1} (${draft.kind})` : `Layer ${row + 1}`;
    return { ok: false, message: `${label}: ${match[2]}`, row };
  }
}
