import { describe, expect, it } from 'vitest';
import { parseLayerList } from '../../engine/models';
import {
  addDraft,
  BUILDER_KINDS,
  checkDrafts,
  draftsToLayerList,
  editDraft,
  MAX_BUILDER_LAYERS,
  moveDraft,
  newDraft,
  removeDraft,
  starterDrafts,
} from './builder';

describe('the layer builder', () => {
  it('gives every kind defaults the engine accepts', () => {
    const drafts = BUILDER_KINDS.map((kind, i) => newDraft(kind, i + 1));
    const check = checkDrafts(drafts);
    expect(check.ok).toBe(true);
    expect(parseLayerList(draftsToLayerList(drafts)).map((l) => l.type)).toEqual([
      ...BUILDER_KINDS,
    ]);
  });

  it('starts from a small MLP, numbered names the engine reports back', () => {
    const list = draftsToLayerList(starterDrafts());
    expect(list).toEqual([
      { type: 'linear', name: 'linear 1', inFeatures: 784, outFeatures: 512, tokens: 1 },
      { type: 'activation', name: 'activation 2', fn: 'relu', elements: 512 },
      { type: 'linear', name: 'linear 3', inFeatures: 512, outFeatures: 10, tokens: 1 },
    ]);
  });

  it('adds, moves and removes layers, keeping at least one and at most the limit', () => {
    let drafts = starterDrafts();
    drafts = addDraft(drafts, 'attention');
    expect(drafts.map((d) => d.kind)).toEqual(['linear', 'activation', 'linear', 'attention']);
    const attention = drafts[3]!.id;
    drafts = moveDraft(drafts, attention, -1);
    expect(drafts.map((d) => d.kind)).toEqual(['linear', 'activation', 'attention', 'linear']);
    drafts = moveDraft(drafts, attention, -10);
    expect(drafts[0]!.kind).toBe('attention');
    for (const d of [...drafts]) drafts = removeDraft(drafts, d.id);
    expect(drafts).toHaveLength(1);
    for (let i = 0; i < MAX_BUILDER_LAYERS + 3; i += 1) drafts = addDraft(drafts, 'linear');
    expect(drafts).toHaveLength(MAX_BUILDER_LAYERS);
    expect(new Set(drafts.map((d) => d.id)).size).toBe(MAX_BUILDER_LAYERS);
  });

  it('shows the engine’s message for a bad size, naming the row from 1', () => {
    const drafts = editDraft(starterDrafts(), 3, 'outFeatures', '');
    const check = checkDrafts(drafts);
    expect(check).toEqual({
      ok: false,
      row: 2,
      message: expect.stringMatching(
        /^Layer 3 \(linear\): outFeatures must be a whole number from 1 to/,
      ),
    });
    const typed = checkDrafts(editDraft(starterDrafts(), 1, 'inFeatures', '12.5'));
    expect(typed.ok).toBe(false);
    if (!typed.ok) expect(typed.message).toMatch(/got 12\.5$/);
  });

  it('passes the engine’s own checks through, such as a causal mask with more queries than keys', () => {
    let drafts = addDraft(starterDrafts(), 'attention');
    const id = drafts[3]!.id;
    drafts = editDraft(drafts, id, 'queries', '256');
    const check = checkDrafts(drafts);
    expect(check.ok).toBe(false);
    if (!check.ok)
      expect(check.message).toMatch(/^Layer 4 \(attention\): queries \(256\) cannot exceed keys/);
    // Fields a kind does not have are ignored.
    expect(editDraft(drafts, id, 'outFeatures', '5')).toEqual(drafts);
  });
});
