/** An expected failure the user should see: its code is stable, its message is shown as is. */
export class DomainError extends Error {
  constructor(
    readonly code: string,
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
