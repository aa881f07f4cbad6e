import { afterEach, describe, expect, it } from 'vitest';
import { myMachine, myMachineEntry, setMyMachine } from '../../engine/catalog';
import { H200_REPORT } from '../../engine/catalog/testing/machine-reports';
import { getServingModel, type PlanBase } from '../../engine/models';
import { answerRankRequest } from './rank-worker-handler';
import type { RankRequest, RankResponse } from './rank-protocol';
import { inThreadRanker, SupersededError, workerRanker, type RankWorkerLike } from './rank-client';

const base = (globalBatch: number): PlanBase => ({
  model: getServingModel('llama3.1-8b').spec,
  gpu: 'a100-sxm-80gb',
  gpus: 8,
  seq: 2048,
  globalBatch,
});

/** A worker that answers only when the test says, through the real handler. */
class FakeWorker implements RankWorkerLike {
  onmessage: ((event: MessageEvent<RankResponse>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  posted: RankRequest[] = [];
  terminated = false;
  postMessage(message: RankRequest) {
    this.posted.push(structuredClone(message));
  }
  answer(i = this.posted.length - 1) {
    this.onmessage?.({ data: answerRankRequest(this.posted[i]!) } as MessageEvent<RankResponse>);
  }
  terminate() {
    this.terminated = true;
  }
}

describe('ranking off the main thread', () => {
  afterEach(() => setMyMachine(null));

  it('ranks one plan at a time; of the requests that wait, only the newest is sent', async () => {
    const worker = new FakeWorker();
    const ranker = workerRanker(() => worker);
    const first = ranker.rank(base(32));
    const dropped = ranker.rank(base(64));
    const newest = ranker.rank(base(16));
    await expect(dropped).rejects.toBeInstanceOf(SupersededError);
    expect(worker.posted.map((r) => r.base.globalBatch)).toEqual([32]);
    worker.answer();
    expect((await first).rows[0]!.layout.dp * 4).toBeGreaterThan(0);
    expect(worker.posted.map((r) => r.base.globalBatch)).toEqual([32, 16]);
    worker.answer();
    const ranking = await newest;
    expect(
      ranking.rows.every((r) => r.layout.dp * r.layout.microBatch * r.layout.gradAccum === 16),
    ).toBe(true);
    ranker.dispose();
    expect(worker.terminated).toBe(true);
    // Disposed, it drops what runs, and starts a new worker when asked again.
    let made = 0;
    const again = workerRanker(() => {
      made += 1;
      return new FakeWorker();
    });
    const dropped2 = again.rank(base(32));
    again.dispose();
    await expect(dropped2).rejects.toBeInstanceOf(SupersededError);
    void again.rank(base(32));
    expect(made).toBe(2);
  });

  it('passes on why a plan could not be ranked, and ranks nothing for a cluster that does not divide', async () => {
    const worker = new FakeWorker();
    const ranker = workerRanker(() => worker);
    const failed = ranker.rank(base(32));
    worker.onmessage?.({
      data: { id: worker.posted[0]!.id, error: 'the worker ran out of memory' },
    } as MessageEvent<RankResponse>);
    await expect(failed).rejects.toThrow('the worker ran out of memory');
    const uneven = ranker.rank({ ...base(32), gpus: 12 });
    worker.answer();
    expect(await uneven).toEqual({ rows: [], fitting: 0 });
  });

  it('ranks on the page’s thread where no worker starts, or when the worker fails', async () => {
    const none = workerRanker(() => null);
    expect((await none.rank(base(32))).rows.length).toBeGreaterThan(10);
    const worker = new FakeWorker();
    const failing = workerRanker(() => worker);
    const pending = failing.rank(base(32));
    worker.onerror?.(new Event('error'));
    expect(worker.terminated).toBe(true);
    expect((await pending).fitting).toBeGreaterThan(0);
    const inline = inThreadRanker((run) => run());
    expect((await inline.rank(base(32))).rows.length).toBe((await none.rank(base(32))).rows.length);
  });

  it('hands the learner’s machine to the worker, which ranks on it', async () => {
    setMyMachine(myMachineEntry(H200_REPORT));
    const worker = new FakeWorker();
    const ranker = workerRanker(() => worker);
    const mine = { ...base(32), gpu: 'my-machine' };
    const pending = ranker.rank(mine);
    // The worker's copy of the catalog is its own: what the page entered travels with the request.
    expect(worker.posted[0]!.machine).toEqual(myMachine());
    const page = myMachine();
    setMyMachine(null);
    worker.answer();
    const ranking = await pending;
    expect(ranking.rows.length).toBeGreaterThan(10);
    setMyMachine(page);
  });
});
