/**
 * The fake Graph API as a request handler: createFakeMeta() gives `handle` (a plain request → response
 * function the server mounts under a path), `fetch` (the same handler called in process, for a Graph
 * client) and `nodeHandler` (for node:http, used by startFakeMeta).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeMetaContext } from './context.js';
import { FakeMetaControl } from './control.js';
import { json, type FakeResponse } from './errors.js';
import { checkToken, graphRoute } from './graph.js';
import { accessToken, dialog } from './oauth.js';
import { cdnImage } from './cdn.js';
import { FakeMetaWorld, type FakeMetaWorldOptions } from './world.js';

export interface FakeMetaOptions extends FakeMetaWorldOptions {
  appId?: string;
  appSecret?: string;
  /** The Facebook user who logs in through the dialog. */
  user?: { id: string; name: string };
  /** Where the handler is mounted (`/_sandbox/meta`); requests carry it in their path. */
  basePath?: string;
  /** The absolute URL of the mount, for `next` links; default from the request's Host. */
  publicUrl?: string;
  /** The dialog approves at once (tests); otherwise it shows a page with "Continue as …". Default true. */
  autoApprove?: boolean;
  /** Page size when a request gives no `limit` (Meta's default is 25). */
  pageSize?: number;
  /** The fake's clock (ms), for token expiry. */
  now?: () => number;
}

export interface FakeRequest {
  method: string;
  /** Path and query, as received (with the mount's base path). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body?: string;
}

export interface FakeMeta {
  handle(request: FakeRequest): FakeResponse;
  fetch: typeof fetch;
  nodeHandler(req: IncomingMessage, res: ServerResponse): void;
  /** What tests switch on (rate limits, revoked tokens, failing accounts, report run modes). */
  state: FakeMetaControl;
  world: FakeMetaWorld;
  appId: string;
  appSecret: string;
  user: { id: string; name: string };
}

const VERSION = /^\/v\d+\.\d+(?=\/|$)/;

function headerValue(h: string | string[] | undefined): string | undefined {
  return Array.isArray(h) ? h[0] : h;
}

function paramsOf(url: URL, request: FakeRequest): Record<string, string> {
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  const type = headerValue(request.headers['content-type']) ?? '';
  if (request.body) {
    if (type.includes('application/json')) {
      const body = JSON.parse(request.body) as Record<string, unknown>;
      for (const [k, v] of Object.entries(body)) params[k] = typeof v === 'string' ? v : JSON.stringify(v);
    } else Object.assign(params, Object.fromEntries(new URLSearchParams(request.body)));
  }
  return params;
}

export function createFakeMeta(options: FakeMetaOptions = {}): FakeMeta {
  const basePath = (options.basePath ?? '').replace(/\/$/, '');
  const ctx: FakeMetaContext = {
    appId: options.appId ?? 'fake-app-id',
    appSecret: options.appSecret ?? 'fake-app-secret',
    user: options.user ?? { id: '10000000000001', name: 'Sandy Demo' },
    world: new FakeMetaWorld({ imageBaseUrl: options.publicUrl, ...options }),
    control: new FakeMetaControl(options.now),
    usedCodes: new Set(),
    reportRuns: new Map(),
    pageSize: options.pageSize ?? 25,
    autoApprove: options.autoApprove ?? true,
  };

  function handle(request: FakeRequest): FakeResponse {
    const url = new URL(request.url, 'http://fake.invalid');
    let path = url.pathname;
    if (basePath && path.startsWith(basePath)) path = path.slice(basePath.length);
    const version = VERSION.exec(path)?.[0] ?? '';
    path = path.slice(version.length).replace(/^\/+|\/+$/g, '');
    let params: Record<string, string>;
    try {
      params = paramsOf(url, request);
    } catch {
      return json({
        error: { message: 'The request body is not valid JSON.', type: 'OAuthException', code: 100 },
      });
    }
    const method = request.method.toUpperCase();
    const record = { method, path, params };
    ctx.control.record(record);
    const scripted = ctx.control.scripted(record);
    if (scripted) return scripted;
    if (path === 'dialog/oauth' || path === 'dialog/oauth/approve')
      return dialog(
        ctx,
        params,
        ctx.autoApprove || path.endsWith('/approve'),
        `${basePath}${version}/dialog/oauth`,
      );
    if (path === 'oauth/access_token') return accessToken(ctx, params);
    const picture = cdnImage(path, (id) => {
      const ad = ctx.world.adById(id);
      return ad && { label: `${ad.kind} ad ${ad.index + 1}`, look: ad.look };
    });
    if (picture) return picture;
    const auth = headerValue(request.headers.authorization);
    const token = params.access_token ?? /^(?:Bearer|OAuth)\s+(.+)$/i.exec(auth ?? '')?.[1];
    const refused = checkToken(ctx, token);
    if (refused) return refused;
    const host = headerValue(request.headers.host) ?? 'fake.invalid';
    const base = `${options.publicUrl?.replace(/\/$/, '') ?? `http://${host}${basePath}`}${version}`;
    return graphRoute(ctx, { method, path, params, token, base });
  }

  const inProcessFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
    const answer = handle({
      method: request.method,
      url: `${url.pathname}${url.search}`,
      headers: { ...Object.fromEntries(request.headers), host: url.host },
      body: body || undefined,
    });
    return new Response(answer.status === 302 ? null : answer.body, {
      status: answer.status,
      headers: answer.headers,
    });
  }) as typeof fetch;

  function nodeHandler(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = handle({
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: chunks.length ? Buffer.concat(chunks).toString() : undefined,
      });
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    });
  }

  return {
    handle,
    fetch: inProcessFetch,
    nodeHandler,
    state: ctx.control,
    world: ctx.world,
    appId: ctx.appId,
    appSecret: ctx.appSecret,
    user: ctx.user,
  };
}
