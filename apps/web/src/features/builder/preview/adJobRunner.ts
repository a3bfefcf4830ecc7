/**
 * Carries out the server preview machine (adGenerationJob.ts) with real requests and timers: one run per
 * input, cancelled as a whole. The machine issues one effect at a time, so a read is only sent after the
 * previous one answered and 1000 ms passed: two reads never overlap.
 */
import type { AnyVariables, TypedDocumentNode } from 'urql';
import {
  adJobStep,
  idleAdJob,
  PREVIEW_MESSAGES,
  readPollAnswer,
  readStartAnswer,
  startVariables,
  type AdJobEffect,
  type AdJobEvent,
  type AdJobState,
  type OperationAnswer,
  type PollOutcome,
  type ServerPreviewInput,
  type StartOutcome,
} from './adGenerationJob';
import { FetchAdGenerationJobMutation } from './api/fetchAdGenerationJob';
import { StartAdGenerationJobMutation } from './api/startAdGenerationJob';

/** The two calls of a server preview, already read into outcomes. */
export interface AdJobApi {
  start(): Promise<StartOutcome>;
  fetch(jobId: string): Promise<PollOutcome>;
}

/** As much of urql's Client as the preview needs (both calls are mutations). */
export interface MutationClient {
  mutation<Data, Variables extends AnyVariables>(
    query: TypedDocumentNode<Data, Variables>,
    variables: Variables,
  ): { toPromise(): Promise<OperationAnswer<Data>> };
}

/** The timer functions the runner uses; the window's by default, fake ones in tests. */
export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** startAdGenerationJob and fetchAdGenerationJob for one input, through an urql client. */
export function urqlAdJobApi(client: MutationClient, input: ServerPreviewInput): AdJobApi {
  return {
    start: async () =>
      readStartAnswer(await client.mutation(StartAdGenerationJobMutation, startVariables(input)).toPromise()),
    fetch: async (jobId) =>
      readPollAnswer(await client.mutation(FetchAdGenerationJobMutation, { jobId }).toPromise()),
  };
}

/**
 * Starts a server preview and follows it to its end, reporting each state to `onChange`. Returns the
 * cancel function: it stops the timer, and answers that arrive afterwards are dropped.
 */
export function runAdGenerationJob(
  api: AdJobApi,
  onChange: (state: AdJobState) => void,
  timers: Timers = browserTimers,
): () => void {
  let state = idleAdJob;
  let cancelled = false;
  let timer: unknown = undefined;
  // A thrown request (not an urql answer) is a failure nobody foresaw.
  const unexpected = { kind: 'failed', message: PREVIEW_MESSAGES.somethingWrong } as const;

  const dispatch = (event: AdJobEvent) => {
    if (cancelled) return;
    const next = adJobStep(state, event);
    if (next.state !== state) {
      state = next.state;
      onChange(state);
    }
    if (next.effect) perform(next.effect);
  };

  const perform = (effect: AdJobEffect) => {
    switch (effect.type) {
      case 'startJob':
        void api.start().then(
          (outcome) => dispatch({ type: 'startAnswered', outcome }),
          () => dispatch({ type: 'startAnswered', outcome: unexpected }),
        );
        return;
      case 'wait':
        timer = timers.setTimeout(() => {
          timer = undefined;
          dispatch({ type: 'pollDue' });
        }, effect.ms);
        return;
      case 'fetchJob':
        void api.fetch(effect.jobId).then(
          (outcome) => dispatch({ type: 'pollAnswered', outcome }),
          () => dispatch({ type: 'pollAnswered', outcome: unexpected }),
        );
        return;
    }
  };

  dispatch({ type: 'start' });
  return () => {
    cancelled = true;
    if (timer !== undefined) timers.clearTimeout(timer);
  };
}
