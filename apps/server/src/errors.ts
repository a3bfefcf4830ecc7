/**
 * Every code an expected failure may carry: one list, the type of DomainError's code and the values of the
 * GraphQL enum ErrorCode (graphql/builder.ts) that payload errors carry. Codes are stable: clients test them.
 */
export const ERROR_CODES = [
  'ALREADY_CREATED',
  'ALREADY_MEMBER',
  'CANNOT_CHANGE_SELF',
  'CONFLICT',
  'CURRENT_SESSION',
  'EMAIL_TAKEN',
  'EMPTY_FILE',
  'FILE_TOO_LARGE',
  'FORBIDDEN',
  'IMPORT_IN_PROGRESS',
  'INACTIVE_USER',
  'INVALID_COLOR',
  'INVALID_EMAIL',
  'INVALID_FILE',
  'INVALID_FILTER',
  'INVALID_INPUT',
  'INVALID_TEMPLATE',
  'LAST_ADMIN',
  'LEGAL_AGREEMENT_REQUIRED',
  'LIMIT_REACHED',
  'NAME_TAKEN',
  'NO_PASSWORD',
  'NOT_ADMIN',
  'NOT_A_COLOR',
  'NOT_FOUND',
  'NOT_RENAMABLE',
  'RATE_LIMITED',
  'SIGN_IN_REQUIRED',
  'TOKEN_INVALID',
  'TRIAL_LIMIT_REACHED',
  'UNAUTHENTICATED',
  'UNAVAILABLE',
  'UNKNOWN_FEATURE',
  'UNSAFE_TEMPLATE',
  'UNSUPPORTED_TYPE',
  'UPLOAD_USED',
  'WRONG_PASSWORD',
] as const;

/** The code of an expected failure (one of {@link ERROR_CODES}). */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** An expected failure the user should see: its code is stable, its message is shown as is. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (what: string) => new DomainError('NOT_FOUND', `${what} was not found.`);
export const forbidden = (message = 'Forbidden') => new DomainError('FORBIDDEN', message);
export const invalidInput = (message: string) => new DomainError('INVALID_INPUT', message);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a well-formed UUID; ids that are not cannot name any row. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
