import { afterEach, describe, expect, it } from 'vitest';
import { isGpuId, setMyMachine } from '../engine/catalog';
import { DESKTOP_REPORT } from '../engine/catalog/testing/machine-reports';
import { onChoicesChanged } from '../state/choices';
import {
  createMyMachineStore,
  MY_MACHINE_KEY,
  MY_MACHINE_SET_ASIDE_PREFIX,
  readSavedMachine,
} from './my-machine';
import { createProgressStore } from './progress';
import { createReviewStore } from './review-store';
import { buildProgressFile, parseProgressFile, serializeProgressFile } from './progress-io';
import { applyImportedProgress, BACKUP_PREFIX, readBackup } from './progress-backups';
import { memoryStorage, type MemoryStorage } from './testing/memory-storage';

const REPORT = DESKTOP_REPORT;

const NOW = new Date('2026-11-27T09:00:00.000Z');
const now = () => NOW;

afterEach(() => setMyMachine(null));

describe('the machine store', () => {
  it('keeps an entered machine, puts it in the catalog and tells widgets; removal undoes both', () => {
    const storage = memoryStorage();
    const store = createMyMachineStore(storage, now);
    let signals = 0;
    const stop = onChoicesChanged(() => signals++);
    store.getState().enter(REPORT);
    expect(isGpuId('my-machine')).toBe(true);
    expect(signals).toBe(1);
    expect(JSON.parse(storage.data[MY_MACHINE_KEY]!)).toEqual({
      version: 1,
      report: REPORT,
      enteredAt: NOW.toISOString(),
    });
    store.getState().remove();
    expect(isGpuId('my-machine')).toBe(false);
    expect(signals).toBe(2);
    expect(storage.data[MY_MACHINE_KEY]).toBeUndefined();
    stop();
  });

  it('loads a saved machine into the catalog on the next visit', () => {
    const storage = memoryStorage();
    createMyMachineStore(storage, now).getState().enter(REPORT);
    setMyMachine(null);
    const again = createMyMachineStore(storage, now);
    expect(again.getState().report).toEqual(REPORT);
    expect(again.getState().notice).toBeNull();
    expect(isGpuId('my-machine')).toBe(true);
  });

  it('sets a damaged saved machine aside with a notice, never deleting its text', () => {
    for (const raw of [
      '{oops',
      JSON.stringify({ version: 9, report: REPORT }),
      JSON.stringify({ version: 1, report: { ...REPORT, sms: -1 } }),
    ]) {
      const storage = memoryStorage({ [MY_MACHINE_KEY]: raw });
      const store = createMyMachineStore(storage, now);
      expect(store.getState().report).toBeNull();
      expect(store.getState().notice).toMatch(/could not be used .* set aside/);
      expect(storage.data[MY_MACHINE_SET_ASIDE_PREFIX + NOW.toISOString()]).toBe(raw);
      expect(isGpuId('my-machine')).toBe(false);
    }
  });

  it('reads a saved machine with no report as none', () => {
    expect(readSavedMachine({ version: 1, report: null, enteredAt: null })).toEqual({
      ok: true,
      report: null,
      enteredAt: null,
    });
  });
});

describe('the machine in progress files', () => {
  function stores(storage: MemoryStorage) {
    return {
      progress: createProgressStore(storage, now, () => 'seedabc'),
      review: createReviewStore(storage, now),
      machine: createMyMachineStore(storage, now),
    };
  }

  it('travels in an exported file and replaces the machine of the browser that imports it', () => {
    const from = stores(memoryStorage());
    from.machine.getState().enter(REPORT);
    const text = serializeProgressFile(
      buildProgressFile(
        from.progress.getState(),
        from.review.getState(),
        NOW,
        from.machine.getState(),
      ),
    );
    const read = parseProgressFile(text);
    expect(read.ok && read.value.machine?.report).toEqual(REPORT);
    const storage = memoryStorage();
    const to = stores(storage);
    if (!read.ok) return;
    expect(applyImportedProgress(read.value, { ...to, storage, now }).ok).toBe(true);
    expect(to.machine.getState().report).toEqual(REPORT);
    expect(isGpuId('my-machine')).toBe(true);
  });

  it('leaves the machine alone when a file has none, and a backup restores "none"', () => {
    const storage = memoryStorage();
    const here = stores(storage);
    const plain = buildProgressFile(here.progress.getState(), here.review.getState(), NOW);
    expect(plain).not.toHaveProperty('machine');
    here.machine.getState().enter(REPORT);
    const read = parseProgressFile(serializeProgressFile(plain));
    if (!read.ok) throw new Error(read.message);
    expect(read.value.machine).toBeNull();
    const applied = applyImportedProgress(read.value, { ...here, storage, now });
    expect(here.machine.getState().report).toEqual(REPORT);
    // The backup of a browser with no machine says so, and restoring it removes one entered since.
    const empty = stores(memoryStorage());
    const backup = buildProgressFile(
      empty.progress.getState(),
      empty.review.getState(),
      NOW,
      empty.machine.getState(),
      true,
    );
    expect(backup.machine).toEqual({ version: 1, report: null, enteredAt: null });
    expect(applied.ok && applied.backupKey.startsWith(BACKUP_PREFIX)).toBe(true);
    if (!applied.ok) return;
    const restored = readBackup(storage, applied.backupKey);
    expect(restored.ok && restored.value.machine?.report).toEqual(REPORT);
    const none = parseProgressFile(serializeProgressFile(backup));
    if (!none.ok) throw new Error(none.message);
    applyImportedProgress(none.value, { ...here, storage, now });
    expect(here.machine.getState().report).toBeNull();
    expect(isGpuId('my-machine')).toBe(false);
  });

  it('refuses a file whose machine is absurd, changing nothing', () => {
    const storage = memoryStorage();
    const here = stores(storage);
    const file = {
      ...buildProgressFile(here.progress.getState(), here.review.getState(), NOW),
      machine: { version: 1, report: { ...REPORT, hostOpSeconds: 6.1 }, enteredAt: null },
    };
    const read = parseProgressFile(JSON.stringify(file));
    expect(read).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /machine cannot be used: .*hostOpSeconds.*Nothing was changed/,
      ),
    });
  });
});
