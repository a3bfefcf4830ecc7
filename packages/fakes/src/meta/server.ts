/** The fake Graph API on a loopback port, for tests and benchmarks. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeMeta, type FakeMeta, type FakeMetaOptions } from './fake-meta.js';

export interface StartedFakeMeta extends FakeMeta {
  /** `http://127.0.0.1:{port}`: the Graph URL and the dialog URL both. */
  url: string;
  close(): Promise<void>;
}

/** Starts the fake on 127.0.0.1 on a free port. */
export async function startFakeMeta(options: FakeMetaOptions = {}): Promise<StartedFakeMeta> {
  const fake = createFakeMeta(options);
  const server = createServer(fake.nodeHandler);
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    ...fake,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

/** The volume of the benchmark: one ad account of 500 ads with a year of daily delivery. */
export function benchmarkMetaOptions(lastDay?: string): FakeMetaOptions {
  return {
    seed: 'bench',
    accounts: 1,
    campaignsPerAccount: 5,
    adSetsPerCampaign: 4,
    adsPerAdSet: 25,
    historyDays: 400,
    ...(lastDay ? { lastDay } : {}),
    pageSize: 25,
  };
}
