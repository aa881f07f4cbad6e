/** The CPU side of the crossover plot: a module worker that runs ReLU or matmul slices. */
import { createCrossoverHandler } from './crossover-handler';
import { serveRequests } from './worker-handler';

serveRequests(createCrossoverHandler());
