/**
 * The Meta connection's HTTP routes: the OAuth callback (GET /integrations/meta/callback), which finishes the
 * connection for the user and client its signed state names and returns to the integrations page, and, in
 * the demo setup, the bundled fake Graph API under /_sandbox/meta/ (its login dialog is a page).
 */
import type { FastifyInstance } from 'fastify';
import { loadViewer, SESSION_COOKIE } from '../../../auth/sessions.js';
import type { AppDeps } from '../../../deps.js';
import { actorOf, recordAudit } from '../../audit/index.js';
import { membershipOf } from '../../clients/index.js';
import { permissionsOf } from '../../users/index.js';
import { connectionTokenKey } from './connection-secret.js';
import { completeConnection, storedMetaAccounts } from './connection.js';
import { metaEnv, SANDBOX_PATH } from './meta-env.js';
import { queueMetaSync } from './meta.jobs.js';
import { verifyState } from './oauth-state.js';

export const CALLBACK_PATH = '/integrations/meta/callback';

export function callbackUrl(publicUrl: string): string {
  return `${publicUrl}${CALLBACK_PATH}`;
}

export async function registerMetaRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get<{ Querystring: Record<string, string | undefined> }>(CALLBACK_PATH, async (req, reply) => {
    const q = req.query;
    const key = await connectionTokenKey(deps.config, deps.db);
    const state = verifyState(key, q.state);
    if (!state)
      return reply
        .code(400)
        .type('text/plain; charset=utf-8')
        .send(
          'This Meta sign-in answer is invalid or expired. Start again from the Facebook integration page.',
        );
    const back = (params: Record<string, string>) =>
      reply.redirect(`/clients/${state.clientId}/integrations/?${new URLSearchParams(params).toString()}`);
    const viewer = await loadViewer(deps.db, req.cookies[SESSION_COOKIE]);
    if (!viewer || viewer.user.id !== state.userId)
      return back({
        meta: 'error',
        message: 'Sign in as the person who started connecting Meta, then connect again.',
      });
    // Still an admin of the client (the state is 10 minutes old at most, but roles change).
    const permissions = permissionsOf(
      viewer.user,
      await membershipOf(deps.db, viewer.user.id, state.clientId),
    );
    if (!permissions.isActive || !permissions.isAdmin)
      return back({ meta: 'error', message: 'Only admins can connect Meta.' });
    if (q.error || !q.code)
      return back({
        meta: 'error',
        message: q.error_description ? `Facebook: ${q.error_description}.` : 'Facebook did not give access.',
      });
    try {
      const connection = await completeConnection(deps, metaEnv(deps.config), {
        clientId: state.clientId,
        userId: state.userId,
        code: q.code,
        redirectUri: callbackUrl(deps.config.publicUrl),
      });
      await recordAudit(deps.db, actorOf(viewer, req.ip), {
        clientId: state.clientId,
        action: 'integration.connected',
        target: {
          kind: 'integration',
          id: connection.id,
          label: `Meta (${connection.externalUserName ?? 'Facebook user'})`,
        },
        details: { provider: 'meta', scopes: connection.scopes },
      });
      // A reconnection goes on syncing the accounts picked before.
      if (
        (await storedMetaAccounts(deps.db, state.clientId)).some(
          (a) => a.syncEnabled && a.connectionId === connection.id,
        )
      )
        await queueMetaSync(deps, connection);
    } catch (e) {
      req.log.warn({ err: e }, 'Meta connection failed');
      return back({ meta: 'error', message: `Meta could not be connected: ${(e as Error).message}` });
    }
    return back({ meta: 'connected' });
  });

  const env = metaEnv(deps.config);
  const fake = env.fake;
  if (fake)
    await app.register(async (sandbox) => {
      // The Graph API takes form bodies; this route reads them as text (only here).
      sandbox.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, done) => done(null, body),
      );
      sandbox.all(`${SANDBOX_PATH}/*`, async (req, reply) => {
        const answer = fake.handle({
          method: req.method,
          url: req.url,
          headers: req.headers,
          body: typeof req.body === 'string' ? req.body : req.body ? JSON.stringify(req.body) : undefined,
        });
        return reply.code(answer.status).headers(answer.headers).send(answer.body);
      });
    });
}
