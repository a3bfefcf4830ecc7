/** Facebook Login's manual flow: the OAuth dialog and the code / long-lived token exchanges. */
import { graphError, json, type FakeResponse } from './errors.js';
import { issueToken, readToken } from './tokens.js';
import type { FakeMetaContext } from './context.js';

const SHORT_SECONDS = 2 * 3600;
const LONG_SECONDS = 60 * 86400;

function redirect(location: string): FakeResponse {
  return { status: 302, headers: { location }, body: '' };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** GET /dialog/oauth: approves as the configured user (or shows a one-button page), then returns to redirect_uri. */
export function dialog(
  ctx: FakeMetaContext,
  params: Record<string, string>,
  approved: boolean,
  selfPath: string,
): FakeResponse {
  const { client_id: clientId, redirect_uri: redirectUri, state } = params;
  if (clientId !== ctx.appId)
    return {
      status: 400,
      headers: { 'content-type': 'text/plain' },
      body: `Invalid App ID: ${clientId ?? '(none)'}`,
    };
  if (!redirectUri || !URL.canParse(redirectUri))
    return {
      status: 400,
      headers: { 'content-type': 'text/plain' },
      body: 'redirect_uri is missing or not a URL.',
    };
  const target = new URL(redirectUri);
  if (params.cancel === '1' || ctx.control.denyLogin) {
    target.searchParams.set('error', 'access_denied');
    target.searchParams.set('error_code', '200');
    target.searchParams.set('error_description', 'Permissions error');
    target.searchParams.set('error_reason', 'user_denied');
    if (state) target.searchParams.set('state', state);
    return redirect(target.toString());
  }
  if (!approved) {
    const query = new URLSearchParams(params).toString();
    const body = `<!doctype html><html><head><meta charset="utf-8"><title>Log in with Facebook (sandbox)</title><link rel="icon" href="data:,"></head>
<body style="font-family:sans-serif;max-width:28rem;margin:4rem auto">
<h1>Sandbox Facebook</h1>
<p>Adloom's demo setup answers here instead of Facebook. Allow it to read your ads (${escapeHtml(params.scope ?? 'ads_read')})?</p>
<p><a id="approve" href="${escapeHtml(`${selfPath}/approve?${query}`)}">Continue as ${escapeHtml(ctx.user.name)}</a></p>
<p><a id="cancel" href="${escapeHtml(`${selfPath}/approve?${query}&cancel=1`)}">Cancel</a></p>
</body></html>`;
    return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body };
  }
  const now = ctx.control.now();
  const code = issueToken(ctx.appSecret, {
    u: ctx.user.id,
    k: 'code',
    iat: now,
    exp: now + 600_000,
    r: redirectUri,
  });
  target.searchParams.set('code', code);
  if (state) target.searchParams.set('state', state);
  return redirect(target.toString());
}

/** GET /oauth/access_token: a code for a short-lived token, or (grant_type=fb_exchange_token) a long-lived one. */
export function accessToken(ctx: FakeMetaContext, params: Record<string, string>): FakeResponse {
  if (params.client_id !== ctx.appId)
    return graphError({ message: 'Error validating application. Invalid application ID.', code: 101 });
  if (params.client_secret !== ctx.appSecret)
    return graphError({ message: 'Error validating client secret.', code: 1 });
  const now = ctx.control.now();
  if (params.grant_type === 'fb_exchange_token') {
    const claims = readToken(ctx.appSecret, params.fb_exchange_token ?? '');
    if (!claims || claims.k === 'code' || claims.exp < now)
      return graphError({
        message: 'Error validating access token: The access token is invalid.',
        code: 190,
        subcode: 467,
      });
    const token = issueToken(ctx.appSecret, {
      u: claims.u,
      k: 'long',
      iat: now,
      exp: now + LONG_SECONDS * 1000,
    });
    return json({ access_token: token, token_type: 'bearer', expires_in: LONG_SECONDS });
  }
  const code = params.code ?? '';
  const claims = readToken(ctx.appSecret, code);
  if (!claims || claims.k !== 'code')
    return graphError({ message: 'Invalid verification code format.', code: 100 });
  if (claims.exp < now)
    return graphError({ message: 'This authorization code has expired.', code: 100, subcode: 36007 });
  if (claims.r !== params.redirect_uri)
    return graphError({
      message:
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      code: 100,
    });
  if (ctx.usedCodes.has(code))
    return graphError({ message: 'This authorization code has been used.', code: 100, subcode: 36009 });
  ctx.usedCodes.add(code);
  const token = issueToken(ctx.appSecret, {
    u: claims.u,
    k: 'short',
    iat: now,
    exp: now + SHORT_SECONDS * 1000,
  });
  return json({ access_token: token, token_type: 'bearer', expires_in: SHORT_SECONDS });
}
