/** The CPU side of the race: a module worker that runs race requests with the CPU reference. */
import { handleRaceRequest } from './race-handler';
import { serveRequests } from './worker-handler';

serveRequests(handleRaceRequest);
