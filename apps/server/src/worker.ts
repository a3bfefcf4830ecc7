// `npm run worker`: a process that works the job queue (PostgreSQL only); see jobs/worker-process.ts.
import { runWorkerProcess } from './jobs/worker-process.js';

await runWorkerProcess();
