/**
 * A small client of Meta's Graph API: versioned GETs and POSTs with the access token, pages followed through
 * `paging.next`, and retries: rate limits (4, 17, 613, 80004…) wait with exponential backoff, or as long as
 * X-Business-Use-Case-Usage's estimated_time_to_regain_access says; transient failures are retried twice;
 * token errors are thrown at once. When the usage headers pass 90 %, the next call waits first.
 */
import { GraphApiError, regainAfterMs, usagePercent, type GraphErrorBody } from './graph-errors.js';

export interface GraphClientOptions {
  graphUrl: string;
  apiVersion: string;
  accessToken?: string;
  fetch?: typeof fetch;
  /** Waits (tests give one that only records). */
  sleep?: (ms: number) => Promise<void>;
  /** Retries of a rate-limited call (default 6) and of a transient failure (default 2). */
  rateLimitRetries?: number;
  transientRetries?: number;
  /** First backoff (default 2 s), doubling each retry, and the longest wait (default 5 minutes). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A request that takes longer fails as transient (default 120 s). */
  timeoutMs?: number;
}

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Page<T> {
  data: T[];
  paging?: { next?: string };
}

export class GraphClient {
  private pauseMs = 0;
  constructor(private readonly options: GraphClientOptions) {}

  private get sleep() {
    return this.options.sleep ?? realSleep;
  }

  url(path: string, params: Record<string, string | number | undefined> = {}): URL {
    const url = new URL(`${this.options.graphUrl}/${this.options.apiVersion}/${path.replace(/^\//, '')}`);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, String(v));
    return url;
  }

  get<T>(path: string, params: Record<string, string | number | undefined> = {}): Promise<T> {
    return this.request<T>('GET', this.url(path, params));
  }

  /** A POST with its parameters in the query string (the Graph API reads them there too). */
  post<T>(path: string, params: Record<string, string | number | undefined> = {}): Promise<T> {
    return this.request<T>('POST', this.url(path, params));
  }

  /** Every page of a list edge, following `paging.next`. */
  async *pages<T>(
    path: string,
    params: Record<string, string | number | undefined> = {},
  ): AsyncGenerator<T[]> {
    let url: URL | undefined = this.url(path, params);
    while (url) {
      const page: Page<T> = await this.request<Page<T>>('GET', url);
      yield page.data ?? [];
      url = page.paging?.next ? new URL(page.paging.next) : undefined;
    }
  }

  async all<T>(path: string, params: Record<string, string | number | undefined> = {}): Promise<T[]> {
    const out: T[] = [];
    for await (const page of this.pages<T>(path, params)) out.push(...page);
    return out;
  }

  private async request<T>(method: string, url: URL): Promise<T> {
    const {
      rateLimitRetries = 6,
      transientRetries = 2,
      baseDelayMs = 2000,
      maxDelayMs = 300_000,
    } = this.options;
    let rateLimited = 0;
    let transient = 0;
    for (;;) {
      if (this.pauseMs) {
        await this.sleep(this.pauseMs);
        this.pauseMs = 0;
      }
      let error: GraphApiError;
      try {
        return await this.once<T>(method, url);
      } catch (e) {
        error =
          e instanceof GraphApiError
            ? e
            : new GraphApiError(
                0,
                { message: `Meta could not be reached: ${(e as Error).message}`, is_transient: true },
                undefined,
              );
      }
      if (error.kind === 'rate_limit' && rateLimited < rateLimitRetries) {
        const backoff = baseDelayMs * 2 ** rateLimited++;
        const wait = Math.max(backoff, error.regainAfterMs ?? 0);
        // Meta asks for longer than a job should hold a worker: give up this piece, the next sync retries.
        if (wait > maxDelayMs && (error.regainAfterMs ?? 0) > maxDelayMs) throw error;
        await this.sleep(Math.min(wait, maxDelayMs));
        continue;
      }
      if (error.kind === 'transient' && transient < transientRetries) {
        await this.sleep(baseDelayMs * 2 ** transient++);
        continue;
      }
      throw error;
    }
  }

  private async once<T>(method: string, url: URL): Promise<T> {
    const doFetch = this.options.fetch ?? fetch;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.accessToken) headers.authorization = `Bearer ${this.options.accessToken}`;
    const res = await doFetch(url, {
      method,
      headers,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 120_000),
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = undefined;
    }
    const error = (body as { error?: GraphErrorBody } | undefined)?.error;
    if (!res.ok || error)
      throw new GraphApiError(
        res.status,
        error ?? { message: `HTTP ${res.status} ${text.slice(0, 200)}` },
        regainAfterMs(res.headers.get('x-business-use-case-usage')),
      );
    // Close to a limit: the next call waits first (an error's own backoff already waits).
    if (usagePercent(res.headers) >= 90) this.pauseMs = this.options.baseDelayMs ?? 2000;
    if (body === undefined)
      throw new GraphApiError(
        res.status,
        { message: 'The Graph API answered something that is not JSON.', is_transient: true },
        undefined,
      );
    return body as T;
  }
}
