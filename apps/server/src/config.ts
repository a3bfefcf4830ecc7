import { availableParallelism } from 'node:os';
import path from 'node:path';

/** Server settings, read once from the environment. Every value has an embedded default. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** Origins besides PUBLIC_URL's whose pages may call the API with the user's cookies (CORS). */
  corsOrigins: string[];
  cookieSecure: boolean;
  sessionDays: number;
  webDistDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  customerSuccessEmail: string;
  tokenAuthCustomerSuccessEmail: string;
  auth0: Auth0Config | undefined;
  /** E-mail and password sign-in (LOCAL_LOGIN=false turns it off where only Auth0 is wanted). */
  localLogin: boolean;
  seedDemo: boolean;
  /** Hosts whose private addresses server-side fetches (catalogue feeds, product images) may reach. */
  fetchAllowHosts: string[];
  logLevel: string;
  /**
   * Whose X-Forwarded-For to believe (Fastify's `trustProxy`): proxy addresses or CIDRs, or a hop count.
   * Unset trusts none, so the client address is the socket's and a forged header changes nothing.
   */
  trustProxy: false | number | string[];
  /** Sign-in: free failures per account (`max`) and per address (`ipMax`); the first lock lasts `windowMs`, then doubles. */
  loginRateLimit: { max: number; ipMax: number; windowMs: number };
  /** Mails with links (registration, verification, reset, invitation) and sign-in links, per address and per IP, per hour. */
  mailRateLimit: { perAddress: number; perIp: number; windowMs: number };
  /** Signs upload policies for the embedded upload endpoint; when unset one is generated and kept in the database. */
  uploadSecret: string | undefined;
  /** An S3-compatible store for every stored file; when unset, files live on the local disk (uploads through `/uploads/`). */
  s3: S3Config | undefined;
  /** The web process works the job queue too (WORKERS_IN_WEB=false leaves the jobs to `npm run worker` processes). */
  workersInWeb: boolean;
  /** How often an idle worker looks for jobs, in milliseconds (a job sent by the same process wakes it at once). */
  jobPollingIntervalMs: number;
  /** Catalogue imports one working process runs at once (at most one per client, across all processes). */
  importSlots: number;
  /** Worker processes `npm run worker` starts (WORKER_PROCESSES; default one per core: a render uses one). */
  workerProcesses: number;
  /** A feed download that receives fewer than `bytes` in a window of `windowMs` (after the first) fails. */
  feedMinRate: { bytes: number; windowMs: number };
  /**
   * Generated ads' images asked again (conditional requests) once their last check is `everyHours` old
   * (0: never), `concurrency` requests at once per batch, at most `perHost` at once to one host and
   * `gapMs` between two starts there.
   */
  imageRecheck: { everyHours: number; concurrency: number; perHost: number; gapMs: number };
  /** Meta's Marketing API; without META_APP_ID the bundled fake Graph API answers (the demo setup). */
  meta: MetaConfig;
  /**
   * The secret the keys of connection tokens (Meta's access tokens) are derived from; when unset one is
   * generated and kept in the database (see SECURITY.md).
   */
  connectionSecret: string | undefined;
}

export interface MetaConfig {
  appId: string | undefined;
  appSecret: string | undefined;
  /** Base of the Graph API (https://graph.facebook.com). */
  graphUrl: string;
  /** Base of the Facebook Login dialog (https://www.facebook.com). */
  dialogUrl: string;
  /** The Graph API version every call names, e.g. v23.0. */
  apiVersion: string;
}

function readMeta(env: NodeJS.ProcessEnv): MetaConfig {
  const appId = env.META_APP_ID || undefined;
  const appSecret = env.META_APP_SECRET || undefined;
  if (!appId !== !appSecret)
    throw new Error('Set both META_APP_ID and META_APP_SECRET, or neither (the demo setup).');
  const apiVersion = env.META_API_VERSION || 'v23.0';
  if (!/^v\d+\.\d+$/.test(apiVersion))
    throw new Error(`META_API_VERSION: "${apiVersion}" is not a Graph API version; write it as v23.0.`);
  return {
    appId,
    appSecret,
    graphUrl: (env.META_GRAPH_URL || 'https://graph.facebook.com').replace(/\/$/, ''),
    dialogUrl: (env.META_DIALOG_URL || 'https://www.facebook.com').replace(/\/$/, ''),
    apiVersion,
  };
}

export interface S3Config {
  bucket: string;
  region: string;
  /** For S3-compatible stores (MinIO, R2, ...); addressed path-style. */
  endpoint: string | undefined;
  /** Without a key pair the AWS SDK's default credential chain is used (instance roles and so on). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Base URL objects are read from (a CDN, say); defaults to the bucket's own URL. */
  publicUrl: string | undefined;
}

export interface Auth0Config {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** Base of the Auth0 Management API, used to resend verification e-mails. */
  managementUrl: string;
}

function readAuth0(env: NodeJS.ProcessEnv): Auth0Config | undefined {
  const issuerUrl = env.AUTH0_ISSUER_URL ?? (env.AUTH0_DOMAIN ? `https://${env.AUTH0_DOMAIN}/` : undefined);
  const clientId = env.AUTH0_CLIENT_ID;
  const clientSecret = env.AUTH0_CLIENT_SECRET;
  if (!issuerUrl || !clientId || !clientSecret) return undefined;
  return {
    issuerUrl,
    clientId,
    clientSecret,
    managementUrl: env.AUTH0_MANAGEMENT_URL ?? new URL('/api/v2/', issuerUrl).toString(),
  };
}

function readS3(env: NodeJS.ProcessEnv): S3Config | undefined {
  const bucket = env.S3_BUCKET;
  if (!bucket) return undefined;
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (!accessKeyId !== !secretAccessKey)
    throw new Error(
      'Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (to use the AWS default credentials).',
    );
  return {
    bucket,
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT?.replace(/\/$/, '') || undefined,
    accessKeyId,
    secretAccessKey,
    publicUrl: env.S3_PUBLIC_URL?.replace(/\/$/, '') || undefined,
  };
}

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A hop count becomes a function, since Fastify itself ignores
 * numbers (a count cannot tell a proxy from a client that reached the server directly: use it only when
 * nothing but the proxies can reach the server).
 */
export function fastifyTrustProxy(
  value: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

function readTrustProxy(value: string | undefined): false | number | string[] {
  const text = value?.trim() ?? '';
  if (!text || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true')
    throw new Error(
      'TRUST_PROXY=true would believe X-Forwarded-For from anyone: list the proxies (addresses or CIDRs, comma-separated) or give the number of proxy hops.',
    );
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** CORS_ORIGINS: comma-separated origins such as `https://app.example.com`. */
function readCorsOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => {
      const url = URL.canParse(origin) ? new URL(origin) : undefined;
      if (!url || url.origin === 'null' || url.pathname !== '/' || url.search || url.hash)
        throw new Error(
          `CORS_ORIGINS: "${origin}" is not an origin; write it as https://host[:port], no path.`,
        );
      return url.origin;
    });
}

function readWorkerProcesses(value: string | undefined): number {
  const text = value?.trim() ?? '';
  if (!text) return availableParallelism();
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new Error(
      `WORKER_PROCESSES: "${value}" is not a number of processes; write a whole number of 1 or more, ` +
        `or leave it unset for one per core (${availableParallelism()} here).`,
    );
  return Number(text);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl,
    corsOrigins: readCorsOrigins(env.CORS_ORIGINS),
    cookieSecure: env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : publicUrl.startsWith('https://'),
    sessionDays: Number(env.SESSION_DAYS ?? 14),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Adloom <no-reply@adloom.local>',
    customerSuccessEmail: env.CUSTOMER_SUCCESS_EMAIL ?? 'success@adloom.io',
    tokenAuthCustomerSuccessEmail: env.TOKEN_AUTH_CUSTOMER_SUCCESS_EMAIL ?? 'support@platform.example',
    auth0: readAuth0(env),
    localLogin: env.LOCAL_LOGIN !== 'false',
    seedDemo: env.SEED_DEMO !== 'false',
    fetchAllowHosts: (env.FETCH_ALLOW_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim())
      .filter(Boolean),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    loginRateLimit: {
      max: Number(env.LOGIN_RATE_LIMIT_MAX ?? 10),
      ipMax: Number(env.LOGIN_RATE_LIMIT_IP_MAX ?? 2 * Number(env.LOGIN_RATE_LIMIT_MAX ?? 10)),
      windowMs: Number(env.LOGIN_RATE_LIMIT_WINDOW_MS ?? 5 * 60_000),
    },
    mailRateLimit: {
      perAddress: Number(env.MAIL_RATE_LIMIT_PER_ADDRESS ?? 5),
      perIp: Number(env.MAIL_RATE_LIMIT_PER_IP ?? 20),
      windowMs: 60 * 60_000,
    },
    uploadSecret: env.UPLOAD_SECRET || undefined,
    s3: readS3(env),
    workersInWeb: env.WORKERS_IN_WEB !== 'false',
    jobPollingIntervalMs: Number(env.JOB_POLLING_INTERVAL_MS ?? 1000),
    importSlots: Math.max(1, Number(env.IMPORT_SLOTS ?? 3)),
    workerProcesses: readWorkerProcesses(env.WORKER_PROCESSES),
    feedMinRate: {
      bytes: Number(env.FEED_MIN_RATE_BYTES ?? 16 * 1024),
      windowMs: Number(env.FEED_MIN_RATE_WINDOW_MS ?? 30_000),
    },
    imageRecheck: {
      everyHours: Math.max(0, Number(env.IMAGE_RECHECK_HOURS ?? 24)),
      concurrency: Math.max(1, Math.floor(Number(env.IMAGE_RECHECK_CONCURRENCY ?? 8))),
      perHost: Math.max(1, Math.floor(Number(env.IMAGE_RECHECK_PER_HOST ?? 2))),
      gapMs: Math.max(0, Number(env.IMAGE_RECHECK_GAP_MS ?? 50)),
    },
    meta: readMeta(env),
    connectionSecret: env.CONNECTION_SECRET || undefined,
  };
}
