import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore, currentPageKey, resetSessionStores, sessionStoreFor } from './session';

describe('the shared session store', () => {
  it('runs lines in order and keeps the transcript and snapshot current', async () => {
    const store = createSessionStore();
    const first = store.getState().run('import torch', 'console');
    const second = store.getState().run('x = torch.ones(4, device="cuda")', 'transfer');
    expect(store.getState().pending).toBe(2);
    await Promise.all([first, second]);
    const s = store.getState();
    expect(s.pending).toBe(0);
    expect(s.transcript.map((e) => e.origin)).toEqual(['console', 'transfer']);
    expect(s.snapshot.items).toMatchObject([{ name: 'x', place: 'cuda', bytes: 16 }]);
    expect(s.snapshot.gpu.allocatedBytes).toBe(512);
  });

  it('records errors with their hint, without throwing', async () => {
    const store = createSessionStore();
    const entry = await store.getState().run('torch.zeros(2)', 'console');
    expect(entry.error).toEqual({
      display: "NameError: name 'torch' is not defined",
      hint: 'Run import torch first.',
    });
  });

  it('runs a preset once, and again in a new session when the GPU changes', async () => {
    const store = createSessionStore();
    const lines = ['import torch', 'bias = torch.randn(512)'];
    await store.getState().runPreset('p', lines);
    await store.getState().runPreset('p', lines);
    expect(store.getState().transcript).toHaveLength(2);
    await store.getState().setGpu('h100-sxm');
    const s = store.getState();
    expect(s.session.gpu.id).toBe('h100-sxm');
    expect(s.session.link).toBe('pcie5');
    expect(s.transcript.map((e) => e.origin)).toEqual([
      'preset',
      'preset',
      'note',
      'preset',
      'preset',
    ]);
    expect(s.snapshot.items.map((i) => i.name)).toEqual(['bias']);
  });

  it('changes the link for later copies', async () => {
    const store = createSessionStore();
    store.getState().setLink('pcie3');
    const entry = await store.getState().run('import torch; x = torch.ones(8).cuda()', 'console');
    expect(entry.transfers[0]?.link).toBe('pcie3');
  });

  it('records the GPU and link asked for at once, and restarts with the link given', async () => {
    const store = createSessionStore();
    expect(store.getState().target).toEqual({ gpu: 'a100-sxm-80gb', link: 'pcie4' });
    const restart = store.getState().setGpu('h100-sxm', 'pcie3');
    expect(store.getState().target).toEqual({ gpu: 'h100-sxm', link: 'pcie3' });
    expect(store.getState().session.gpu.id).toBe('a100-sxm-80gb');
    await restart;
    expect(store.getState().session.gpu.id).toBe('h100-sxm');
    expect(store.getState().session.link).toBe('pcie3');
  });

  it('keeps a link picked while a restart waits', async () => {
    const store = createSessionStore();
    const restart = store.getState().setGpu('h100-sxm');
    expect(store.getState().target.link).toBe('pcie5');
    store.getState().setLink('pcie3');
    await restart;
    expect(store.getState().session.link).toBe('pcie3');
    expect(store.getState().target).toEqual({ gpu: 'h100-sxm', link: 'pcie3' });
  });

  it('shares one store per page', () => {
    resetSessionStores();
    expect(sessionStoreFor('lesson:moving-data')).toBe(sessionStoreFor('lesson:moving-data'));
    expect(sessionStoreFor('lesson:a')).not.toBe(sessionStoreFor('lesson:b'));
  });

  describe('currentPageKey', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('is the lesson, whatever section, widget or settings the hash adds', () => {
      vi.stubGlobal('location', { hash: '#/lesson/moving-data' });
      expect(currentPageKey()).toBe('lesson:moving-data');
      vi.stubGlobal('location', { hash: '#/lesson/moving-data/widget-transfer?transfer.nb=true' });
      expect(currentPageKey()).toBe('lesson:moving-data');
      vi.stubGlobal('location', { hash: '#/lesson/why-gpus/recap' });
      expect(currentPageKey()).toBe('lesson:why-gpus');
    });

    it('falls back to the hash, or to one shared page, outside a lesson', () => {
      vi.stubGlobal('location', { hash: '#/' });
      expect(currentPageKey()).toBe('#/');
      vi.stubGlobal('location', { hash: '' });
      expect(currentPageKey()).toBe('page');
      vi.stubGlobal('location', undefined);
      expect(currentPageKey()).toBe('page');
    });
  });
});
