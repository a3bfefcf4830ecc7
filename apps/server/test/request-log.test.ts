import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from './harness.js';

/** A test app whose log lines (JSON) are collected. */
async function appLoggingAt(kind: Parameters<typeof createTestApp>[0], level: string) {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as { level: number; msg: string });
      callback();
    },
  });
  const t = await createTestApp(kind, { LOG_LEVEL: level }, stream);
  return { t, lines };
}

const REQUEST_LINES = ['incoming request', 'request completed'];

describeEachDatabase('the request log on %s', (kind) => {
  let info: { t: TestApp; lines: { level: number; msg: string }[] };
  let debug: typeof info;
  beforeAll(async () => {
    info = await appLoggingAt(kind, 'info');
    debug = await appLoggingAt(kind, 'debug');
  });
  afterAll(async () => {
    await info.t.close();
    await debug.t.close();
  });

  it('writes no line per request at the default level (info)', async () => {
    expect(info.t.config.logLevel).toBe('info');
    for (const url of ['/healthz', '/no-such-route/'])
      expect((await info.t.app.inject({ method: 'GET', url })).statusCode).toBeGreaterThan(0);
    expect(info.lines.filter((line) => REQUEST_LINES.includes(line.msg))).toEqual([]);
    expect(info.lines.filter((line) => line.msg.includes('not found'))).toEqual([]);
  });

  it('writes each request at debug', async () => {
    await debug.t.app.inject({ method: 'GET', url: '/healthz' });
    const requestLines = debug.lines.filter((line) => REQUEST_LINES.includes(line.msg));
    expect(requestLines.map((line) => line.msg)).toEqual(REQUEST_LINES);
    // pino's debug level
    expect(requestLines.every((line) => line.level === 20)).toBe(true);
  });
});
