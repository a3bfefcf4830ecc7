import * as oidc from 'openid-client';
import type { Auth0Config } from '../config.js';
import type { Transaction } from './oidc-cookies.js';

/** The identity claims Adloom uses, read from the ID token or, when it carries no e-mail, from userinfo. */
export interface OidcIdentity {
  sub: string;
  email: string | undefined;
  /** True only when the provider says so explicitly; an absent claim means not verified. */
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
}

/** The calls Adloom makes to the identity provider. */
export interface OidcClient {
  /** The provider's authorization URL for this transaction (scope openid email profile, PKCE S256). */
  authorizationUrl(tx: Transaction): Promise<URL>;
  /** Exchanges the code in `callbackUrl`, checking state, nonce and PKCE against `tx`. */
  exchange(callbackUrl: URL, tx: Transaction): Promise<OidcIdentity>;
  /** Asks the provider, through its Management API, to mail the user a new verification link. */
  resendVerificationEmail(sub: string): Promise<void>;
}

const HTTP_TIMEOUT_SECONDS = 10;
// Renew a cached Management API token this long before it expires, so it does not lapse in flight.
const TOKEN_MARGIN_MS = 60_000;

/** Fresh random values for one sign-in attempt. */
export function newTransaction(returnTo: string | undefined): Transaction {
  return {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    ...(returnTo ? { returnTo } : {}),
  };
}

/** Discovers the provider's metadata; plain HTTP is accepted only when the configured issuer is http://. */
function discover(auth0: Auth0Config): Promise<oidc.Configuration> {
  const issuer = new URL(auth0.issuerUrl);
  // Auth0 is always https; an http:// issuer is a deliberate local set-up (development, tests).
  const execute = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
  return oidc.discovery(
    issuer,
    auth0.clientId,
    auth0.clientSecret,
    // RFC 6749 makes Basic the method every server must accept; Auth0 accepts it whatever the app's setting.
    oidc.ClientSecretBasic(auth0.clientSecret),
    { execute, timeout: HTTP_TIMEOUT_SECONDS },
  );
}

/** Returns `value` when it is a non-empty string. */
function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** Maps raw claims to an identity; some providers send email_verified as the string "true". */
export function identityFrom(claims: Record<string, unknown>): OidcIdentity {
  const sub = text(claims.sub);
  if (!sub) throw new Error('the provider returned no subject');
  return {
    sub,
    email: text(claims.email),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
  };
}

/** Base URL with exactly one trailing slash, so relative paths resolve under it. */
function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/** An OpenID Connect client for the configured provider; discovery happens on first use and is cached. */
export function createOidcClient(auth0: Auth0Config, redirectUri: string): OidcClient {
  let configuration: Promise<oidc.Configuration> | undefined;
  let managementToken: { value: string; expiresAt: number } | undefined;

  // Lazy so the server starts while the provider is down; a failed discovery is retried next time.
  const config = () =>
    (configuration ??= discover(auth0).catch((e: unknown) => {
      configuration = undefined;
      throw e;
    }));

  // Cached because Auth0 meters machine-to-machine tokens.
  const getManagementToken = async () => {
    if (managementToken && managementToken.expiresAt > Date.now() + TOKEN_MARGIN_MS)
      return managementToken.value;
    const tokens = await oidc.clientCredentialsGrant(await config(), { audience: auth0.managementUrl });
    managementToken = { value: tokens.access_token, expiresAt: Date.now() + (tokens.expires_in ?? 0) * 1000 };
    return tokens.access_token;
  };

  return {
    async authorizationUrl(tx) {
      return oidc.buildAuthorizationUrl(await config(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(tx.verifier),
        code_challenge_method: 'S256',
        state: tx.state,
        nonce: tx.nonce,
      });
    },

    async exchange(callbackUrl, tx) {
      const cfg = await config();
      const tokens = await oidc.authorizationCodeGrant(cfg, callbackUrl, {
        pkceCodeVerifier: tx.verifier,
        expectedState: tx.state,
        expectedNonce: tx.nonce,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('the provider returned no ID token');
      if (typeof idClaims.email === 'string') return identityFrom(idClaims);
      // Providers that follow OIDC Core strictly put profile claims only in userinfo for the code flow.
      return identityFrom(await oidc.fetchUserInfo(cfg, tokens.access_token, idClaims.sub));
    },

    async resendVerificationEmail(sub) {
      const token = await getManagementToken();
      const response = await fetch(new URL('jobs/verification-email', withSlash(auth0.managementUrl)), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: sub, client_id: auth0.clientId }),
        signal: AbortSignal.timeout(HTTP_TIMEOUT_SECONDS * 1000),
      });
      // A revoked or rotated token must not stay cached.
      if (response.status === 401) managementToken = undefined;
      if (!response.ok)
        throw new Error(
          `the Management API answered ${response.status}: ${(await response.text()).slice(0, 500)}`,
        );
    },
  };
}
