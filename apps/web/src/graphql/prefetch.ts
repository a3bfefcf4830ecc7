import type { Client } from 'urql';
import {
  createRequest,
  type AnyVariables,
  type Exchange,
  type OperationResult,
  type TypedDocumentNode,
} from 'urql';
import { filter, fromPromise, map, merge, mergeMap, onEnd, onPush, pipe, share, takeUntil } from 'wonka';

/**
 * Early answers: queries started as the page loads (see app/prefetchRoute.ts), before React has rendered
 * and before the router has loaded the screen's code. The screen's own query later takes the early answer
 * instead of asking again, so a deep link asks its questions side by side instead of one after another
 * (the session, then the screen's code, then the screen's data).
 *
 * An early answer is handed over once, to the first query with the same endpoint, document and variables,
 * whatever its request policy (an answer asked for at page load is as fresh as the page), and only within
 * EARLY_ANSWER_TTL_MS of being asked for: after that the query asks the server itself.
 */
export const EARLY_ANSWER_TTL_MS = 10_000;

interface EarlyAnswer {
  result: Promise<OperationResult>;
  expiresAt: number;
}

const earlyAnswers = new Map<string, EarlyAnswer>();

const answerKey = (url: string, operationKey: number) => `${url}\n${operationKey}`;

/** Takes the early answer for an operation, when there is one still fresh; it is handed over only once. */
function takeEarlyAnswer(url: string, operationKey: number): EarlyAnswer | undefined {
  const key = answerKey(url, operationKey);
  const answer = earlyAnswers.get(key);
  if (!answer) return undefined;
  earlyAnswers.delete(key);
  return Date.now() <= answer.expiresAt ? answer : undefined;
}

/** Gives back an answer whose operation was torn down before it came, for the next one with the same key. */
function returnEarlyAnswer(url: string, operationKey: number, answer: EarlyAnswer): void {
  const key = answerKey(url, operationKey);
  if (!earlyAnswers.has(key)) earlyAnswers.set(key, answer);
}

/**
 * Asks `url` for a query now (`client` is a GraphQL client of that endpoint used for this request only);
 * the first query of the same document and variables on a client of `url` gets the answer.
 */
export function askEarly<Data, Variables extends AnyVariables>(
  client: Client,
  url: string,
  query: TypedDocumentNode<Data, Variables>,
  variables: Variables,
): void {
  const { key } = createRequest(query, variables);
  const result = client.query(query, variables, { requestPolicy: 'network-only' }).toPromise();
  earlyAnswers.set(answerKey(url, key), { result, expiresAt: Date.now() + EARLY_ANSWER_TTL_MS });
  // An answer nobody takes is dropped once it is stale.
  setTimeout(() => {
    const answer = earlyAnswers.get(answerKey(url, key));
    if (answer && Date.now() > answer.expiresAt) earlyAnswers.delete(answerKey(url, key));
  }, EARLY_ANSWER_TTL_MS + 1);
}

/**
 * Stands in for the network for a query that has an early answer; every other operation goes on.
 * Placed after the cache exchange, so the answer is cached as if the network had given it.
 */
export function earlyAnswerExchange(url: string): Exchange {
  return ({ forward }) =>
    (operations$) => {
      const decided = pipe(
        operations$,
        map((operation) => ({
          operation,
          early: operation.kind === 'query' ? takeEarlyAnswer(url, operation.key) : undefined,
        })),
        share,
      );
      const answered = pipe(
        decided,
        filter((entry) => entry.early !== undefined),
        mergeMap(({ operation, early }) => {
          let delivered = false;
          return pipe(
            fromPromise(early!.result),
            map((result): OperationResult => ({ ...result, operation })),
            onPush(() => (delivered = true)),
            takeUntil(
              pipe(
                decided,
                filter(
                  (entry) => entry.operation.kind === 'teardown' && entry.operation.key === operation.key,
                ),
              ),
            ),
            // urql's hooks ask once while rendering and drop it at once, then ask again after mounting:
            // an operation torn down before the answer came leaves it to the next.
            onEnd(() => {
              if (!delivered) returnEarlyAnswer(url, operation.key, early!);
            }),
          );
        }),
      );
      const forwarded = pipe(
        decided,
        filter((entry) => entry.early === undefined),
        map((entry) => entry.operation),
        forward,
      );
      return merge([answered, forwarded]);
    };
}
