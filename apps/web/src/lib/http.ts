import { csrfHeaders } from './csrf';

/** An error answer of the server's JSON endpoints: `{code, message?}`. */
export interface ApiError {
  code: string;
  message?: string;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: ApiError };

export const networkErrorMessage = 'The server could not be reached. Check your connection and try again.';

/** POST to one of the server's JSON endpoints (auth, portal uploads) with the session cookie and CSRF header. */
export async function postJson<T>(path: string, body: unknown = {}): Promise<ApiResult<T>> {
  return send<T>(path, {
    headers: { 'content-type': 'application/json', ...csrfHeaders() },
    body: JSON.stringify(body),
  });
}

/** POST a multipart form (file uploads) with the session cookie and CSRF header. */
export async function postForm<T>(path: string, form: FormData): Promise<ApiResult<T>> {
  return send<T>(path, { headers: csrfHeaders(), body: form });
}

async function send<T>(
  path: string,
  init: { headers: Record<string, string>; body: BodyInit },
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', credentials: 'same-origin', ...init });
  } catch {
    return { ok: false, status: 0, error: { code: 'NETWORK', message: networkErrorMessage } };
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, data: payload as T };
  return { ok: false, status: response.status, error: toApiError(payload, response.status) };
}

function toApiError(payload: unknown, status: number): ApiError {
  if (
    typeof payload === 'object' &&
    payload !== null &&
    'code' in payload &&
    typeof payload.code === 'string'
  ) {
    const message = 'message' in payload && typeof payload.message === 'string' ? payload.message : undefined;
    return { code: payload.code, message };
  }
  return { code: `HTTP_${status}` };
}
