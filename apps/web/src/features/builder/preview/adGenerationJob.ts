/**
 * The server preview as a pure state machine (spec section 4, "Ad generation job status"; section 7
 * rows 6 and 7): start a job, wait 1000 ms, read it, and either wait and read again (PENDING, RUNNING)
 * or end with the first ad's url or one of the spec's messages. adJobRunner.ts carries out the effects.
 */
import type { ResultOf, VariablesOf } from 'gql.tada';
import type { FetchAdGenerationJobMutation } from './api/fetchAdGenerationJob';
import type { StartAdGenerationJobMutation } from './api/startAdGenerationJob';

/** How long the preview waits before reading the job again. */
export const AD_JOB_POLL_MS = 1000;

/** The builder preview's messages (spec section 8), word for word. */
export const PREVIEW_MESSAGES = {
  errorGenerating: 'Error generating preview',
  failedToGenerate: 'Failed to generate preview',
  unknownStatus: 'Unable to get ad generation status',
  unreadablePayload: 'Unable to read ad generation payload',
  cannotStart: 'Unable to start ad generation',
  somethingWrong: 'Something went wrong. Please try again later',
} as const;

export type PreviewMessage = (typeof PREVIEW_MESSAGES)[keyof typeof PREVIEW_MESSAGES];

/** One slot of the ad config: its id (else its position counts) and its flat feature map. */
export interface ServerPreviewSlot {
  id?: string | null;
  features: Readonly<Record<string, string>>;
}

/** The slots as the server lists them (features as key-value pairs), as the server preview sends them. */
export function previewSlotsOf(
  slots: readonly { id: string; features: readonly { key: string; value: string }[] }[],
): ServerPreviewSlot[] {
  return slots.map((slot) => ({
    id: slot.id,
    features: Object.fromEntries(slot.features.map((feature) => [feature.key, feature.value])),
  }));
}

/** What the server preview renders: a saved template version, its slots' features, and an item. */
export interface ServerPreviewInput {
  templateVersionId: string;
  slots: readonly ServerPreviewSlot[];
  productCatalogItemId: string;
}

/** An urql answer as this module reads it (urql's OperationResult fits). */
export interface OperationAnswer<Data> {
  data?: Data | null | undefined;
  error?: { networkError?: unknown; graphQLErrors: readonly unknown[] } | undefined;
}

type StartData = ResultOf<typeof StartAdGenerationJobMutation>;
type FetchData = ResultOf<typeof FetchAdGenerationJobMutation>;

export type StartOutcome = { kind: 'started'; jobId: string } | { kind: 'failed'; message: PreviewMessage };
export type PollOutcome =
  { kind: 'pending' } | { kind: 'ready'; adUrl: string } | { kind: 'failed'; message: PreviewMessage };

const failed = (message: PreviewMessage) => ({ kind: 'failed', message }) as const;

/** startAdGenerationJob's variables: one ad config with the slots as key/value lists. */
export function startVariables(input: ServerPreviewInput): VariablesOf<typeof StartAdGenerationJobMutation> {
  return {
    productCatalogItemId: input.productCatalogItemId,
    adConfigs: [
      {
        templateVersionId: input.templateVersionId,
        slots: input.slots.map((slot) => ({
          id: slot.id ?? null,
          features: Object.entries(slot.features).map(([key, value]) => ({ key, value })),
        })),
      },
    ],
  };
}

/**
 * Reads startAdGenerationJob's answer: a transport failure is "something went wrong", a refusal (GraphQL
 * error or ServerError) "unable to start", and an answer with neither a job nor an error unreadable.
 */
export function readStartAnswer(answer: OperationAnswer<StartData>): StartOutcome {
  if (answer.error?.networkError) return failed(PREVIEW_MESSAGES.somethingWrong);
  if (answer.error) return failed(PREVIEW_MESSAGES.cannotStart);
  const payload = answer.data?.startAdGenerationJob;
  if (!payload) return failed(PREVIEW_MESSAGES.unreadablePayload);
  if (payload.error) return failed(PREVIEW_MESSAGES.cannotStart);
  const jobId = payload.adJobResult?.jobId;
  if (typeof jobId !== 'string' || jobId === '') return failed(PREVIEW_MESSAGES.unreadablePayload);
  return { kind: 'started', jobId };
}

/**
 * Reads fetchAdGenerationJob's answer by the spec's status rules. No job, or a COMPLETED job whose
 * result lacks its fields, is unreadable; a GraphQL error or any status but the four is "unable to get
 * ad generation status"; a transport failure is "something went wrong".
 */
export function readPollAnswer(answer: OperationAnswer<FetchData>): PollOutcome {
  if (answer.error?.networkError) return failed(PREVIEW_MESSAGES.somethingWrong);
  if (answer.error) return failed(PREVIEW_MESSAGES.unknownStatus);
  const job = answer.data?.fetchAdGenerationJob;
  if (!job) return failed(PREVIEW_MESSAGES.unreadablePayload);
  switch (job.status) {
    case 'PENDING':
    case 'RUNNING':
      return { kind: 'pending' };
    case 'COMPLETED': {
      const result = job.adResult;
      if (!result) return failed(PREVIEW_MESSAGES.unreadablePayload);
      if (result.error) return failed(PREVIEW_MESSAGES.errorGenerating);
      if (!Array.isArray(result.adItems)) return failed(PREVIEW_MESSAGES.unreadablePayload);
      const first = result.adItems[0];
      if (!first) return failed(PREVIEW_MESSAGES.failedToGenerate);
      if (typeof first.adUrl !== 'string' || first.adUrl === '')
        return failed(PREVIEW_MESSAGES.unreadablePayload);
      return { kind: 'ready', adUrl: first.adUrl };
    }
    default:
      return failed(PREVIEW_MESSAGES.unknownStatus);
  }
}

export type AdJobState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  /** The job runs; the next read is due after AD_JOB_POLL_MS. */
  | { phase: 'waiting'; jobId: string }
  /** A read of the job is in flight. */
  | { phase: 'polling'; jobId: string }
  | { phase: 'ready'; adUrl: string }
  | { phase: 'failed'; message: PreviewMessage };

export type AdJobEvent =
  | { type: 'start' }
  | { type: 'startAnswered'; outcome: StartOutcome }
  | { type: 'pollDue' }
  | { type: 'pollAnswered'; outcome: PollOutcome };

/** What the runner must do next: at most one thing, so two reads never overlap. */
export type AdJobEffect =
  { type: 'startJob' } | { type: 'wait'; ms: number } | { type: 'fetchJob'; jobId: string };

export const idleAdJob: AdJobState = { phase: 'idle' };

/**
 * The next state and effect. An event that does not fit the phase (a late answer, a second start while
 * one runs) changes nothing.
 */
export function adJobStep(
  state: AdJobState,
  event: AdJobEvent,
): { state: AdJobState; effect: AdJobEffect | null } {
  const unchanged = { state, effect: null };
  const wait = (jobId: string) => ({
    state: { phase: 'waiting', jobId } as const,
    effect: { type: 'wait', ms: AD_JOB_POLL_MS } as const,
  });
  switch (event.type) {
    case 'start':
      if (state.phase === 'starting' || state.phase === 'waiting' || state.phase === 'polling')
        return unchanged;
      return { state: { phase: 'starting' }, effect: { type: 'startJob' } };
    case 'startAnswered':
      if (state.phase !== 'starting') return unchanged;
      if (event.outcome.kind === 'failed')
        return { state: { phase: 'failed', message: event.outcome.message }, effect: null };
      return wait(event.outcome.jobId);
    case 'pollDue':
      if (state.phase !== 'waiting') return unchanged;
      return {
        state: { phase: 'polling', jobId: state.jobId },
        effect: { type: 'fetchJob', jobId: state.jobId },
      };
    case 'pollAnswered':
      if (state.phase !== 'polling') return unchanged;
      switch (event.outcome.kind) {
        case 'pending':
          return wait(state.jobId);
        case 'ready':
          return { state: { phase: 'ready', adUrl: event.outcome.adUrl }, effect: null };
        case 'failed':
          return { state: { phase: 'failed', message: event.outcome.message }, effect: null };
      }
  }
}
