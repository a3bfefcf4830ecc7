/** What went wrong in a guarded request; stable, so callers may branch on it and word it their way. */
export type NetErrorCode =
  | 'BAD_URL'
  | 'BAD_SCHEME'
  | 'CREDENTIALS'
  | 'PRIVATE_ADDRESS'
  | 'NOT_FOUND'
  | 'NETWORK'
  | 'NO_LOCATION'
  | 'TOO_MANY_REDIRECTS'
  | 'HOP_TIMEOUT';

/**
 * A refused or failed guarded request. The message is `<url> <reason>`; callers usually put their own
 * subject before `reason` (e.g. `Image https://… is refused: …`).
 */
export class NetError extends Error {
  override readonly name = 'NetError';

  constructor(
    readonly code: NetErrorCode,
    /** The URL that failed: the hop's URL, or the Location text of a redirect that is no URL. */
    readonly url: string,
    /** What went wrong, to follow a subject: `is refused: host … is a loopback address; …`. */
    readonly reason: string,
    options?: ErrorOptions & {
      /** The URL came from a redirect (it is not the one the caller asked for). */
      redirected?: boolean;
      /** BAD_SCHEME: the scheme found, e.g. `ftp:`. NO_LOCATION: the HTTP status. */
      detail?: string;
    },
  ) {
    super(`${url} ${reason}`, options);
    this.redirected = options?.redirected ?? false;
    this.detail = options?.detail;
  }

  readonly redirected: boolean;
  readonly detail: string | undefined;

  /** The same error, about a URL reached through a redirect. */
  fromRedirect(): NetError {
    const options = { cause: this.cause, redirected: true, detail: this.detail };
    return new NetError(this.code, this.url, this.reason, options);
  }
}
