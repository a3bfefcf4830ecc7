/**
 * The in-process domain event bus. `publish` awaits every subscriber and fails when one fails, so an
 * event published inside a job is covered by that job's at-least-once delivery: a reaction that did not
 * happen fails (and retries) the job that published it. Subscribers are therefore safe to run twice.
 *
 * Each module registers its subscribers when a process starts (its `register…Subscriptions`, called by
 * buildApp, which the web and worker processes both run). A subscriber has a name; registering the same
 * name again replaces it, so starting twice in one process does not make it react twice.
 */
import type { AppDeps } from '../deps.js';
import type { JobQueue } from '../jobs/queue.js';
import type { DomainEventName, DomainEvents } from './events.js';

/** What a subscriber works with: the publisher's services, including the job queue. */
export type EventContext = AppDeps & { jobs: JobQueue };

export type EventSubscriber<E extends DomainEventName> = (
  payload: DomainEvents[E],
  ctx: EventContext,
) => Promise<void>;

const subscribers = new Map<DomainEventName, Map<string, EventSubscriber<never>>>();

/** Registers `handle` as the subscriber `name` of `event`; returns a function that removes it. */
export function subscribe<E extends DomainEventName>(
  event: E,
  name: string,
  handle: EventSubscriber<E>,
): () => void {
  let named = subscribers.get(event);
  if (!named) subscribers.set(event, (named = new Map()));
  named.set(name, handle as EventSubscriber<never>);
  return () => {
    if (named.get(name) === handle) named.delete(name);
  };
}

/** The names of the subscribers of `event`, in registration order. */
export function subscribersOf(event: DomainEventName): string[] {
  return [...(subscribers.get(event)?.keys() ?? [])];
}

/**
 * Runs every subscriber of `event` with `payload` (at once) and waits for all of them; throws the failure
 * when one fails (an AggregateError when several do), after the others have finished.
 */
export async function publish<E extends DomainEventName>(
  ctx: EventContext,
  event: E,
  payload: DomainEvents[E],
): Promise<void> {
  const handlers = [...(subscribers.get(event)?.values() ?? [])] as EventSubscriber<E>[];
  const results = await Promise.allSettled(handlers.map(async (handle) => handle(payload, ctx)));
  const errors = results.flatMap((result) =>
    result.status === 'rejected' ? [result.reason as unknown] : [],
  );
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, `${errors.length} subscribers of ${event} failed`);
}
