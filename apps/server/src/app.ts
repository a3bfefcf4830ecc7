import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { fastifyTrustProxy, type Config } from './config.js';
import type { Database } from './db/client.js';
import type { AppDeps } from './deps.js';
import { registerAuthRoutes } from './auth/routes.js';
import { registerOidcRoutes } from './auth/oidc.js';
import { loadViewer, SESSION_COOKIE, type Viewer } from './auth/sessions.js';
import { registerGraphQL } from './graphql/routes.js';
import { registerApiCors } from './http/cors.js';
import { registerFontRoutes } from './http/fonts.js';
import { serializeRequest } from './http/redact.js';
import { DebugRequestLog } from './http/request-log.js';
import { registerPortalFileRoutes } from './http/portal-files.js';
import { registerRendererPage } from './http/renderer-page.js';
import { registerSpa } from './http/spa.js';
import {
  registerExportRoutes,
  registerFeedsSubscriptions,
  registerLivePreviewRoutes,
} from './modules/feeds/index.js';
import { createJobQueue, jobQueueOptions, type JobQueue } from './jobs/queue.js';
import './jobs/handlers.js';
import { createMailer, type Mailer } from './modules/mail/index.js';
import { registerMetaRoutes, registerPerformanceSubscriptions } from './modules/performance/index.js';
import { registerPerformanceRoutes } from './modules/performance/index.js';
import { registerUploadRoutes } from './modules/uploads/index.js';
import { createFileStore } from './storage/create-file-store.js';
import type { FileStore } from './storage/file-store.js';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

const SESSION_PREFIXES = ['/api/', '/auth/', '/export/'];

export interface BuildOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  files?: FileStore;
  /** Default: a queue on the same database (started on first use); tests may give the in-process one. */
  jobs?: JobQueue;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: Writable;
}

/** Builds the whole HTTP server around an open, migrated database. */
export async function buildApp(options: BuildOptions): Promise<{ app: FastifyInstance; deps: AppDeps }> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : // URLs are logged with their link tokens and export tokens redacted.
          { level: config.logLevel, stream: options.logStream, serializers: { req: serializeRequest } },
    // A line per request only at LOG_LEVEL=debug.
    logController: new DebugRequestLog(),
    // Unique across processes and restarts, so that the id a user quotes from an error finds one log line.
    genReqId: () => randomUUID(),
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names; by default from nobody.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
  });
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    log: app.log,
    mailer: options.mailer ?? createMailer(database.db, app.log, config.smtpUrl, config.mailFrom),
    files: options.files ?? createFileStore(config),
    jobs: options.jobs ?? createJobQueue(database, jobQueueOptions(config, app.log)),
  };
  app.addHook('onClose', async () => {
    await deps.jobs.stop();
  });
  // Modules' reactions to each other's events (events/bus.ts), in every process that runs jobs or requests.
  registerFeedsSubscriptions();
  registerPerformanceSubscriptions();

  await app.register(cookie);
  registerApiCors(app, config);
  app.decorateRequest('viewer', null);
  // Only the API and sign-in routes act on behalf of someone; pages and assets skip the session lookup.
  app.addHook('onRequest', async (req) => {
    if (SESSION_PREFIXES.some((p) => req.url.startsWith(p)))
      req.viewer = await loadViewer(deps.db, req.cookies[SESSION_COOKIE]);
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
  });

  app.get('/healthz', async () => {
    await deps.db.execute(sql`select 1`);
    return { ok: true };
  });

  await registerAuthRoutes(app, deps);
  await registerOidcRoutes(app, deps);
  registerGraphQL(app, deps);
  await registerPortalFileRoutes(app, deps);
  await registerUploadRoutes(app, deps);
  await registerExportRoutes(app, deps);
  registerLivePreviewRoutes(app, deps);
  registerPerformanceRoutes(app, deps);
  await registerMetaRoutes(app, deps);
  await registerFontRoutes(app);
  await registerRendererPage(app);
  await registerSpa(app, config.webDistDir);
  return { app, deps };
}
