/** The planner's worker: ranks every layout of a plan off the page's main thread. */
import { answerRankRequest } from './rank-worker-handler';
import type { RankRequest, RankResponse } from './rank-protocol';

/** The parts of a dedicated worker's global scope this script uses. */
interface PlannerWorkerScope {
  onmessage: ((event: MessageEvent<RankRequest>) => void) | null;
  postMessage(message: RankResponse): void;
}

const scope = self as unknown as PlannerWorkerScope;

scope.onmessage = (event) => scope.postMessage(answerRankRequest(event.data));
