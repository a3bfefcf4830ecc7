// `npm run worker`: WORKER_PROCESSES processes that work the job queue (PostgreSQL only); see
// jobs/worker-fleet.ts and jobs/worker-process.ts.
import { runWorkerFleet } from './jobs/worker-fleet.js';

await runWorkerFleet();
