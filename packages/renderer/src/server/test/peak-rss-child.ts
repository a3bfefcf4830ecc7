/**
 * The child process of peak-memory.test.ts: renders the request in the JSON file named by its argument
 * with the server renderer (request images may be file paths) and prints one JSON line: what happened and
 * the process's peak resident memory. A fresh process, so the peak is this render's and nothing else's.
 */
import { readFileSync } from 'node:fs';
import { render } from '../render.js';

/** What the child prints. */
export interface PeakReport {
  rendered: boolean;
  code?: string;
  message?: string;
  maxRssMb: number;
}

const request = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as unknown;
let outcome: Omit<PeakReport, 'maxRssMb'>;
try {
  await render(request, { images: { allowFiles: true } });
  outcome = { rendered: true };
} catch (error) {
  const { code, message } = error as { code?: string; message?: string };
  outcome = { rendered: false, ...(code === undefined ? {} : { code }), message: String(message) };
}
const report: PeakReport = { ...outcome, maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) };
process.stdout.write(`${JSON.stringify(report)}\n`);
