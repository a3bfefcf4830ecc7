import { CombinedError } from 'urql';
import { networkErrorMessage } from './http';

/** A sentence for a failed GraphQL request (network failure, HTTP error or GraphQL error). */
export function describeGraphqlError(error: CombinedError): string {
  if (error.networkError) return networkErrorMessage;
  const first = error.graphQLErrors[0];
  if (first?.extensions.code === 'FORBIDDEN')
    return 'You do not have access to this. Ask an admin for access.';
  return first?.message ?? 'The request failed. Try again.';
}

interface PayloadWithError {
  error?: { code: string; message: string } | null;
}

/**
 * The message to show when a mutation failed: the request failed, the payload is missing,
 * or the payload carries a ServerError. Null when the mutation succeeded.
 */
export function mutationFailure(
  result: { error?: CombinedError | undefined },
  payload: PayloadWithError | null | undefined,
): string | null {
  if (result.error) return describeGraphqlError(result.error);
  if (!payload) return 'The server gave no answer. Try again.';
  return payload.error?.message ?? null;
}

/** A sentence for anything thrown by a request helper (for example a failed session refresh). */
export function describeFailure(error: unknown): string {
  if (error instanceof CombinedError) return describeGraphqlError(error);
  return 'Something went wrong. Reload the page and try again.';
}
