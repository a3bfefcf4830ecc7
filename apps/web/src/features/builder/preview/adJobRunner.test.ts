import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdJobState, OperationAnswer, ServerPreviewInput } from './adGenerationJob';
import { runAdGenerationJob, urqlAdJobApi, type MutationClient } from './adJobRunner';
import { StartAdGenerationJobMutation } from './api/startAdGenerationJob';

type Answer = OperationAnswer<unknown> | Error;

/** What the fake server answers, and after how many milliseconds. */
interface Script {
  start: Answer;
  polls: Answer[];
  pollDelayMs?: number;
}

/** An urql client that answers the two mutations from a script and logs when each call was made. */
function fakeClient(script: Script) {
  const calls: { call: 'start' | 'fetch'; at: number; variables: unknown }[] = [];
  const polls = [...script.polls];
  let inFlight = 0;
  let maxInFlight = 0;
  const answerAfter = (answer: Answer | undefined, ms: number) =>
    new Promise((resolve, reject) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const settle = () => {
        inFlight -= 1;
        if (answer === undefined) reject(new Error('The script has no more answers'));
        else if (answer instanceof Error) reject(answer);
        else resolve(answer);
      };
      // A timer of 0 ms fires after 1 ms on the fake clock: answer at once instead.
      if (ms === 0) queueMicrotask(settle);
      else setTimeout(settle, ms);
    });
  const client = {
    mutation: (query: unknown, variables: unknown) => {
      const isStart = query === StartAdGenerationJobMutation;
      calls.push({ call: isStart ? 'start' : 'fetch', at: Date.now(), variables });
      return {
        toPromise: () =>
          isStart ? answerAfter(script.start, 0) : answerAfter(polls.shift(), script.pollDelayMs ?? 0),
      };
    },
  } as unknown as MutationClient;
  return { client, calls, maxInFlight: () => maxInFlight };
}

const input: ServerPreviewInput = {
  templateVersionId: 'version-1',
  productCatalogItemId: 'cat-1:sku-1',
  slots: [{ id: 'MAIN_001', features: { isContain: 'true' } }],
};
const started = { data: { startAdGenerationJob: { adJobResult: { jobId: 'job-1' }, error: null } } };
const job = (
  status: string,
  adResult: { error: string | null; adItems: { adUrl: string }[] } | null = null,
) => ({
  data: { fetchAdGenerationJob: { status, errorInfo: status === 'FAILED' ? 'boom' : null, adResult } },
});
const completed = job('COMPLETED', { error: null, adItems: [{ adUrl: '/files/ad-1.png' }] });

/** Runs a preview against the script; returns the states it reported and the client's log. */
function start(script: Script) {
  const fake = fakeClient(script);
  const states: AdJobState[] = [];
  const cancel = runAdGenerationJob(urqlAdJobApi(fake.client, input), (state) => states.push(state));
  return { ...fake, states, cancel, last: () => states.at(-1) };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('runAdGenerationJob', () => {
  it('starts the job with the ad config, then reads it every 1000 ms until it completes', async () => {
    const run = start({ start: started, polls: [job('PENDING'), job('RUNNING'), job('RUNNING'), completed] });
    expect(run.calls).toEqual([
      {
        call: 'start',
        at: 0,
        variables: {
          productCatalogItemId: 'cat-1:sku-1',
          adConfigs: [
            {
              templateVersionId: 'version-1',
              slots: [{ id: 'MAIN_001', features: [{ key: 'isContain', value: 'true' }] }],
            },
          ],
        },
      },
    ]);
    await vi.advanceTimersByTimeAsync(999);
    expect(run.calls).toHaveLength(1);
    expect(run.last()).toEqual({ phase: 'waiting', jobId: 'job-1' });
    await vi.advanceTimersByTimeAsync(1);
    expect(run.calls.map((call) => [call.call, call.at, call.variables])).toEqual([
      ['start', 0, expect.anything()],
      ['fetch', 1000, { jobId: 'job-1' }],
    ]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run.calls.filter((call) => call.call === 'fetch').map((call) => call.at)).toEqual([
      1000, 2000, 3000, 4000,
    ]);
    expect(run.last()).toEqual({ phase: 'ready', adUrl: '/files/ad-1.png' });
    expect(run.states.map((state) => state.phase)).toEqual([
      'starting',
      'waiting',
      'polling',
      'waiting',
      'polling',
      'waiting',
      'polling',
      'waiting',
      'polling',
      'ready',
    ]);
  });

  it('waits for a slow read, then 1000 ms more: two reads never overlap', async () => {
    const run = start({
      start: started,
      polls: [job('RUNNING'), job('RUNNING'), completed],
      pollDelayMs: 2500,
    });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(run.calls.filter((call) => call.call === 'fetch').map((call) => call.at)).toEqual([
      1000, 4500, 8000,
    ]);
    expect(run.maxInFlight()).toBe(1);
    expect(run.last()).toEqual({ phase: 'ready', adUrl: '/files/ad-1.png' });
  });

  it.each([
    [
      'COMPLETED with an adResult error',
      job('COMPLETED', { error: 'No image', adItems: [] }),
      'Error generating preview',
    ],
    [
      'COMPLETED without ad items',
      job('COMPLETED', { error: null, adItems: [] }),
      'Failed to generate preview',
    ],
    ['FAILED', job('FAILED'), 'Unable to get ad generation status'],
    ['an unknown status', job('EXPIRED'), 'Unable to get ad generation status'],
    ['no job', { data: { fetchAdGenerationJob: null } }, 'Unable to read ad generation payload'],
    ['COMPLETED without a result', job('COMPLETED'), 'Unable to read ad generation payload'],
    [
      'a GraphQL error',
      { error: { graphQLErrors: [{ message: 'x' }] } },
      'Unable to get ad generation status',
    ],
    [
      'a network error',
      { error: { networkError: new Error('offline'), graphQLErrors: [] } },
      'Something went wrong. Please try again later',
    ],
    ['a thrown request', new Error('boom'), 'Something went wrong. Please try again later'],
  ])('ends a job read as %s with its message, and reads no more', async (_, answer, message) => {
    const run = start({ start: started, polls: [job('PENDING'), answer] });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run.last()).toEqual({ phase: 'failed', message });
    expect(run.calls.filter((call) => call.call === 'fetch').map((call) => call.at)).toEqual([1000, 2000]);
  });

  it.each([
    [
      'a ServerError',
      {
        data: { startAdGenerationJob: { adJobResult: null, error: { code: 'INVALID_INPUT', message: 'x' } } },
      },
      'Unable to start ad generation',
    ],
    ['a GraphQL error', { error: { graphQLErrors: [{ message: 'x' }] } }, 'Unable to start ad generation'],
    [
      'neither a job nor an error',
      { data: { startAdGenerationJob: { adJobResult: null, error: null } } },
      'Unable to read ad generation payload',
    ],
    [
      'a network error',
      { error: { networkError: new Error('offline'), graphQLErrors: [] } },
      'Something went wrong. Please try again later',
    ],
    ['a thrown request', new Error('boom'), 'Something went wrong. Please try again later'],
  ])('ends a start answered with %s with its message, and reads nothing', async (_, answer, message) => {
    const run = start({ start: answer, polls: [] });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run.states).toEqual([{ phase: 'starting' }, { phase: 'failed', message }]);
    expect(run.calls.map((call) => call.call)).toEqual(['start']);
  });

  it('stops at once when cancelled while waiting: no read, no more states', async () => {
    const run = start({ start: started, polls: [completed] });
    await vi.advanceTimersByTimeAsync(500);
    run.cancel();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run.calls.map((call) => call.call)).toEqual(['start']);
    expect(run.last()).toEqual({ phase: 'waiting', jobId: 'job-1' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('drops the answer of a read that was in flight when cancelled', async () => {
    const run = start({ start: started, polls: [completed], pollDelayMs: 300 });
    await vi.advanceTimersByTimeAsync(1100);
    expect(run.last()).toEqual({ phase: 'polling', jobId: 'job-1' });
    run.cancel();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run.last()).toEqual({ phase: 'polling', jobId: 'job-1' });
  });
});
