import { describe, expect, it } from 'vitest';
import {
  adJobStep,
  idleAdJob,
  PREVIEW_MESSAGES,
  readPollAnswer,
  readStartAnswer,
  startVariables,
  type AdJobState,
} from './adGenerationJob';

const networkError = { networkError: new Error('offline'), graphQLErrors: [] };
const graphqlError = { graphQLErrors: [{ message: 'Not allowed' }] };
const job = (
  status: string,
  adResult: { error: string | null; adItems: { adUrl: string }[] } | null = null,
) => ({
  data: { fetchAdGenerationJob: { status, errorInfo: null, adResult } },
});

describe('the spec messages', () => {
  it('are word for word section 8', () => {
    expect(Object.values(PREVIEW_MESSAGES)).toEqual([
      'Error generating preview',
      'Failed to generate preview',
      'Unable to get ad generation status',
      'Unable to read ad generation payload',
      'Unable to start ad generation',
      'Something went wrong. Please try again later',
    ]);
  });
});

describe('startVariables', () => {
  it('sends one ad config with each slot as a key/value list', () => {
    expect(
      startVariables({
        templateVersionId: 'v1',
        productCatalogItemId: 'cat:item-1',
        slots: [
          { id: 'MAIN_001', features: { isContain: 'true', removeBackground: 'false' } },
          { features: {} },
        ],
      }),
    ).toEqual({
      productCatalogItemId: 'cat:item-1',
      adConfigs: [
        {
          templateVersionId: 'v1',
          slots: [
            {
              id: 'MAIN_001',
              features: [
                { key: 'isContain', value: 'true' },
                { key: 'removeBackground', value: 'false' },
              ],
            },
            { id: null, features: [] },
          ],
        },
      ],
    });
  });
});

describe('readStartAnswer', () => {
  it('gives the job id', () => {
    expect(
      readStartAnswer({ data: { startAdGenerationJob: { adJobResult: { jobId: 'j1' }, error: null } } }),
    ).toEqual({
      kind: 'started',
      jobId: 'j1',
    });
  });

  it('says it cannot start on a server error or a GraphQL error', () => {
    const refused = {
      data: {
        startAdGenerationJob: {
          adJobResult: null,
          error: { code: 'UNAVAILABLE' as const, message: 'No queue' },
        },
      },
    };
    expect(readStartAnswer(refused)).toEqual({ kind: 'failed', message: 'Unable to start ad generation' });
    expect(readStartAnswer({ error: graphqlError })).toEqual({
      kind: 'failed',
      message: 'Unable to start ad generation',
    });
  });

  it('cannot read an answer without a job and without an error', () => {
    const unreadable = { kind: 'failed', message: 'Unable to read ad generation payload' };
    expect(readStartAnswer({ data: null })).toEqual(unreadable);
    expect(readStartAnswer({ data: { startAdGenerationJob: { adJobResult: null, error: null } } })).toEqual(
      unreadable,
    );
    expect(
      readStartAnswer({ data: { startAdGenerationJob: { adJobResult: { jobId: '' }, error: null } } }),
    ).toEqual(unreadable);
  });

  it('says something went wrong when the request did not get through', () => {
    expect(readStartAnswer({ error: networkError })).toEqual({
      kind: 'failed',
      message: 'Something went wrong. Please try again later',
    });
  });
});

describe('readPollAnswer', () => {
  it('polls again while PENDING or RUNNING', () => {
    expect(readPollAnswer(job('PENDING'))).toEqual({ kind: 'pending' });
    expect(readPollAnswer(job('RUNNING'))).toEqual({ kind: 'pending' });
  });

  it('shows the first ad of a COMPLETED job', () => {
    const done = job('COMPLETED', {
      error: null,
      adItems: [{ adUrl: '/files/a.png' }, { adUrl: '/files/b.png' }],
    });
    expect(readPollAnswer(done)).toEqual({ kind: 'ready', adUrl: '/files/a.png' });
  });

  it('gives the spec message for each COMPLETED failure', () => {
    expect(
      readPollAnswer(job('COMPLETED', { error: 'Item x is not in the catalogue', adItems: [] })),
    ).toEqual({
      kind: 'failed',
      message: 'Error generating preview',
    });
    expect(readPollAnswer(job('COMPLETED', { error: null, adItems: [] }))).toEqual({
      kind: 'failed',
      message: 'Failed to generate preview',
    });
  });

  it('cannot get the status of any other status, or on a GraphQL error', () => {
    const unknown = { kind: 'failed', message: 'Unable to get ad generation status' };
    expect(readPollAnswer(job('FAILED'))).toEqual(unknown);
    expect(readPollAnswer(job('CANCELLED'))).toEqual(unknown);
    expect(readPollAnswer({ error: graphqlError })).toEqual(unknown);
  });

  it('cannot read a missing job or a COMPLETED job without its result', () => {
    const unreadable = { kind: 'failed', message: 'Unable to read ad generation payload' };
    expect(readPollAnswer({ data: { fetchAdGenerationJob: null } })).toEqual(unreadable);
    expect(readPollAnswer({ data: null })).toEqual(unreadable);
    expect(readPollAnswer(job('COMPLETED', null))).toEqual(unreadable);
    expect(readPollAnswer(job('COMPLETED', { error: null, adItems: [{ adUrl: '' }] }))).toEqual(unreadable);
  });

  it('says something went wrong when the request did not get through', () => {
    expect(readPollAnswer({ error: networkError })).toEqual({
      kind: 'failed',
      message: 'Something went wrong. Please try again later',
    });
  });
});

describe('adJobStep', () => {
  const step = (state: AdJobState, ...events: Parameters<typeof adJobStep>[1][]) =>
    events.reduce<{ state: AdJobState; effect: unknown }>((acc, event) => adJobStep(acc.state, event), {
      state,
      effect: null,
    });

  it('starts, waits 1000 ms, reads, and waits again while the job runs', () => {
    expect(adJobStep(idleAdJob, { type: 'start' })).toEqual({
      state: { phase: 'starting' },
      effect: { type: 'startJob' },
    });
    const started = step(
      idleAdJob,
      { type: 'start' },
      { type: 'startAnswered', outcome: { kind: 'started', jobId: 'j' } },
    );
    expect(started).toEqual({ state: { phase: 'waiting', jobId: 'j' }, effect: { type: 'wait', ms: 1000 } });
    const reading = adJobStep(started.state, { type: 'pollDue' });
    expect(reading).toEqual({
      state: { phase: 'polling', jobId: 'j' },
      effect: { type: 'fetchJob', jobId: 'j' },
    });
    expect(adJobStep(reading.state, { type: 'pollAnswered', outcome: { kind: 'pending' } })).toEqual(started);
  });

  it('ends with the ad or the message', () => {
    const polling: AdJobState = { phase: 'polling', jobId: 'j' };
    expect(adJobStep(polling, { type: 'pollAnswered', outcome: { kind: 'ready', adUrl: 'u' } })).toEqual({
      state: { phase: 'ready', adUrl: 'u' },
      effect: null,
    });
    const failed = { kind: 'failed', message: PREVIEW_MESSAGES.failedToGenerate } as const;
    expect(adJobStep(polling, { type: 'pollAnswered', outcome: failed }).state).toEqual({
      phase: 'failed',
      message: 'Failed to generate preview',
    });
    expect(
      adJobStep(
        { phase: 'starting' },
        { type: 'startAnswered', outcome: { ...failed, message: PREVIEW_MESSAGES.cannotStart } },
      ).state,
    ).toEqual({ phase: 'failed', message: 'Unable to start ad generation' });
  });

  it('ignores events that do not fit: no second read while one is in flight or waiting', () => {
    const states: AdJobState[] = [
      { phase: 'starting' },
      { phase: 'waiting', jobId: 'j' },
      { phase: 'polling', jobId: 'j' },
    ];
    for (const state of states) expect(adJobStep(state, { type: 'start' })).toEqual({ state, effect: null });
    const polling: AdJobState = { phase: 'polling', jobId: 'j' };
    expect(adJobStep(polling, { type: 'pollDue' })).toEqual({ state: polling, effect: null });
    const ready: AdJobState = { phase: 'ready', adUrl: 'u' };
    expect(adJobStep(ready, { type: 'pollAnswered', outcome: { kind: 'pending' } })).toEqual({
      state: ready,
      effect: null,
    });
  });

  it('starts again after an end', () => {
    expect(
      adJobStep({ phase: 'failed', message: PREVIEW_MESSAGES.unknownStatus }, { type: 'start' }).effect,
    ).toEqual({
      type: 'startJob',
    });
  });
});
