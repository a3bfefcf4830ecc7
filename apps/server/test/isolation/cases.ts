import type { TestApp, twoClients } from '../harness.js';

export type World = Awaited<ReturnType<typeof twoClients>> & { t: TestApp };

/**
 * One entry per client-scoped operation ("Query.x" / "Mutation.y"), and per public operation that
 * takes a clientId. The isolation test fails when an operation in the schema has no entry here.
 *
 * - `document` is sent by client A's admin to client B's endpoint: it must be refused (HTTP 403, no data).
 * - `crossResource`, when the operation names a resource by id, sends B's ids through A's own endpoint
 *   and must show the refusal (and that B's data is unchanged).
 */
export interface IsolationCase {
  document: string;
  crossResource?: (w: World) => Promise<void>;
}

export const clientScopedCases: Record<string, IsolationCase> = {};
export const publicClientArgCases: Record<string, { crossClient: (w: World) => Promise<void> }> = {};

/** Later issues add their operations' cases through these. */
export function addClientCases(cases: Record<string, IsolationCase>) {
  Object.assign(clientScopedCases, cases);
}
export function addPublicClientArgCases(cases: typeof publicClientArgCases) {
  Object.assign(publicClientArgCases, cases);
}
