import type { IdempotencyScope } from '../modules/idempotency/index.js';

/** The options of every create mutation's `idempotencyKey` argument: `t.arg.string(IDEMPOTENCY_KEY_ARG)`. */
export const IDEMPOTENCY_KEY_ARG = {
  description:
    'One key per submit (a new one each time a form opens; a retry of the same submit sends it again): a ' +
    'repeat with the same key within 24 hours returns what the first created instead of creating again.',
} as const;

/** The scope of a key sent by a signed-in user, inside a client (or, with `clientId` null, outside any). */
export function createScope(
  who: { user: { id: string }; clientId: string | null },
  operation: string,
  key: string | null | undefined,
): IdempotencyScope {
  return { clientId: who.clientId, userId: who.user.id, operation, key };
}
