/**
 * A real OpenID provider (oidc-provider) on a random localhost port, with one confidential client for
 * Adloom, accounts whose claims the tests choose, a scripted "browser" that signs in through the
 * provider's interaction endpoints, and a mock Auth0 Management API that records verification-email jobs.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
// @ts-expect-error oidc-provider ships no type declarations and @types/oidc-provider is not installed.
import { Provider as UntypedProvider } from 'oidc-provider';

export const REDIRECT_URI = 'http://adloom.test/auth/token/auth0/';

/** Claims an account returns besides `sub`. */
export interface AccountClaims {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  /** Leave these claims out of the ID token, as OIDC Core has it for the code flow, so only userinfo has them. */
  userinfoOnly?: boolean;
}

/** One verification-email job as the mock Management API received it. */
export interface ManagementCall {
  authorization: string | undefined;
  /** Whether the bearer token was a live client-credentials token issued by the provider. */
  tokenValid: boolean;
  body: unknown;
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  managementUrl: string;
  managementCalls: ManagementCall[];
  /** How many requests reached the userinfo endpoint so far. */
  userinfoRequests(): number;
  /** The mock Management API answers the next call with this status instead of 201. */
  failNextManagementCall(status: number): void;
  /** Registers an account and returns its subject. */
  addAccount(claims: AccountClaims): string;
  /** Replaces the claims of an account (e.g. once its e-mail is verified). */
  updateAccount(sub: string, claims: AccountClaims): void;
  /** The AUTH0_* variables that point Adloom at this provider. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

// The little of oidc-provider's API these tests use.
interface Interaction {
  prompt: {
    name: string;
    details: {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
  };
  params: { client_id: string };
  session?: { accountId: string };
  grantId?: string;
}
interface Grant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  addResourceScope(indicator: string, scope: string): void;
  save(): Promise<string>;
}
interface ProviderApi {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: object,
    options: { mergeWithLastSubmission: boolean },
  ): Promise<void>;
  Grant: {
    new (init: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  };
  ClientCredentials: { find(token: string): Promise<object | undefined> };
  on(event: string, listener: (ctx: unknown, err: unknown) => void): void;
}
interface MountedProvider {
  api: ProviderApi;
  handle: (req: IncomingMessage, res: ServerResponse) => void;
}
const Provider = UntypedProvider as new (issuer: string, configuration: object) => ProviderApi;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

/** Our interaction UI: a POST with `login=<accountId>` signs in; at the consent prompt it grants what was asked. */
async function interact(provider: ProviderApi, req: IncomingMessage, res: ServerResponse) {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'login') {
    const accountId = new URLSearchParams(await readBody(req)).get('login');
    return provider.interactionFinished(
      req,
      res,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
  }
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id });
  if (!grant) throw new Error('grant not found');
  const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details;
  if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
  if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {}))
    grant.addResourceScope(indicator, scopes.join(' '));
  const result = { consent: { grantId: await grant.save() } };
  return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

function signingKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' };
}

/**
 * Starts the provider and the mock Management API. Like Auth0, the provider puts the profile and e-mail
 * claims in the ID token (conformIdTokenClaims off) unless an account says `userinfoOnly`.
 */
export async function startTestIdp(): Promise<TestIdp> {
  const accounts = new Map<string, AccountClaims>();
  const clientId = 'adloom-test';
  const clientSecret = randomBytes(24).toString('hex');
  // The issuer must name the port, so the server listens before the provider exists.
  let provider: MountedProvider | undefined = undefined;
  let userinfoRequests = 0;
  const server = http.createServer((req, res) => {
    if (!provider) return res.writeHead(503).end();
    if (req.url?.startsWith('/me')) userinfoRequests += 1;
    if (!req.url?.startsWith('/interaction/')) return provider.handle(req, res);
    interact(provider.api, req, res).catch((e: unknown) => res.writeHead(500).end(String(e)));
  });
  const issuer = `http://127.0.0.1:${await listen(server)}`;
  const ready = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code', 'client_credentials'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false }, clientCredentials: { enabled: true } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    jwks: { keys: [signingKey()] },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      const { userinfoOnly, ...claims } = account;
      return {
        accountId: sub,
        claims: async (use: string) => (use === 'id_token' && userinfoOnly ? { sub } : { sub, ...claims }),
      };
    },
  });
  ready.on('server_error', (_ctx, err) => console.error('oidc-provider server_error', err));
  provider = { api: ready, handle: ready.callback() };

  const managementCalls: ManagementCall[] = [];
  let failWith: number | undefined;
  const management = Fastify();
  management.post('/api/v2/jobs/verification-email', async (req, reply) => {
    const authorization = req.headers.authorization;
    const token = authorization?.replace(/^Bearer /, '') ?? '';
    const tokenValid = Boolean(token && (await ready.ClientCredentials.find(token)));
    managementCalls.push({ authorization, tokenValid, body: req.body });
    if (failWith) {
      const status = failWith;
      failWith = undefined;
      return reply.code(status).send({ statusCode: status, error: 'Failure', message: 'mock failure' });
    }
    if (!tokenValid) return reply.code(401).send({ statusCode: 401, error: 'Unauthorized' });
    return reply.code(201).send({ status: 'pending', type: 'verification_email', id: 'job_test' });
  });
  await management.listen({ port: 0, host: '127.0.0.1' });
  const managementUrl = `http://127.0.0.1:${(management.server.address() as AddressInfo).port}/api/v2/`;

  return {
    issuer,
    clientId,
    clientSecret,
    managementUrl,
    managementCalls,
    userinfoRequests: () => userinfoRequests,
    failNextManagementCall: (status) => void (failWith = status),
    addAccount(claims) {
      const sub = `auth0|${randomBytes(8).toString('hex')}`;
      accounts.set(sub, claims);
      return sub;
    },
    updateAccount: (sub, claims) => void accounts.set(sub, claims),
    env: () => ({
      AUTH0_ISSUER_URL: issuer,
      AUTH0_CLIENT_ID: clientId,
      AUTH0_CLIENT_SECRET: clientSecret,
      AUTH0_MANAGEMENT_URL: managementUrl,
    }),
    async close() {
      await management.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Stores the name=value part of each Set-Cookie; expired or emptied cookies are removed. */
function storeCookies(jar: Map<string, string>, response: Response) {
  for (const header of response.headers.getSetCookie()) {
    const [pair = ''] = header.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (!value || /expires=Thu, 01 Jan 1970/i.test(header)) jar.delete(name);
    else jar.set(name, value);
  }
}

/**
 * Plays a browser with no provider session: follows the provider's redirects from `authorizationUrl`,
 * submits the sign-in as `accountId` and the consent, and returns the URL the provider sends back to.
 */
export async function authorizeAt(idp: TestIdp, authorizationUrl: string, accountId: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.origin !== idp.issuer) return url;
    const form = url.pathname.startsWith('/interaction/');
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams({ login: accountId }).toString() } : {}),
    });
    storeCookies(jar, response);
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`the provider stopped at ${url} with ${response.status}: ${await response.text()}`);
    url = new URL(location, url);
  }
  throw new Error('too many redirects at the provider');
}
