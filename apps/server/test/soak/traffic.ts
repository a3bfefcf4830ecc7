/**
 * Mixed traffic of one client's users against a running server, over HTTP as the web app sends it:
 * sign-ins, template saves (new templates and new versions), catalogue imports from a URL, product sets
 * and feeds (which queue generation), export fetches and list reads.
 *
 * Every write the server acknowledged (a 200 answer without errors) goes into the ledger, with what must
 * be found later. A request that fails because the server died (connection refused or reset, a timeout)
 * is not acknowledged: the actor waits until the server serves again and goes on.
 */
import { builderSvg } from '../fixtures/templates.js';
import type { FixtureHost } from './fixture-host.js';
import type { ServerLife } from './server-life.js';

export type Ack =
  | { kind: 'session'; clientId: string; email: string; cookie: string; csrf: string }
  | { kind: 'version'; clientId: string; templateId: string; versionId: string; marker: string }
  | { kind: 'catalog'; clientId: string; catalogId: string; importId: string | null }
  | { kind: 'import'; clientId: string; catalogId: string; importId: string }
  | { kind: 'productSet'; clientId: string; productSetId: string; catalogId: string }
  | { kind: 'feed'; clientId: string; feedId: string; queued: number };

export interface TrafficStats {
  acknowledged: Ack[];
  /** Latency of every answered request, ms. */
  latencies: number[];
  /** Requests that got no answer (the server was killed) or a 5xx. */
  unanswered: number;
  /** Answered requests refused with an error the actor did not expect. */
  refused: { action: string; message: string }[];
  actions: Record<string, number>;
}

export interface ClientActor {
  clientId: string;
  email: string;
  password: string;
}

interface Session {
  cookie: string;
  csrf: string;
}

class Unanswered extends Error {}

const REQUEST_TIMEOUT_MS = 60_000;

function cookiesOf(response: Response): Session | undefined {
  const jar = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
  }
  const session = jar.get('adloom_session');
  const csrf = jar.get('adloom_csrf');
  if (!session || !csrf) return undefined;
  return { cookie: `adloom_session=${session}; adloom_csrf=${csrf}`, csrf };
}

export interface TrafficOptions {
  server: ServerLife;
  host: FixtureHost;
  stats: TrafficStats;
  /** Stops starting new actions when aborted. */
  signal: AbortSignal;
  /** Products per imported catalogue (each becomes a creative to render). */
  itemsPerCatalog?: number;
  /** Pause between two actions of one actor, ms (random up to this). */
  pauseMs?: number;
}

/** One actor (a browser tab of the client's user) doing random actions until the signal aborts. */
export async function runActor(actor: ClientActor, name: string, options: TrafficOptions): Promise<void> {
  const { server, host, stats, signal } = options;
  const items = options.itemsPerCatalog ?? 6;
  let session: Session | undefined;
  const templates: { id: string; versionId: string }[] = [];
  const completedCatalogs: string[] = [];
  const pendingCatalogs: string[] = [];
  const productSets: string[] = [];
  const feeds: { id: string; exportUrls: string[] }[] = [];
  let seq = 0;

  async function send(path: string, init: RequestInit): Promise<Response> {
    await server.whenUp();
    const started = performance.now();
    let response: Response;
    try {
      response = await fetch(server.origin + path, {
        ...init,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch {
      stats.unanswered += 1;
      throw new Unanswered(path);
    }
    let body: string;
    try {
      body = await response.text();
    } catch {
      stats.unanswered += 1;
      throw new Unanswered(path);
    }
    if (response.status >= 500) {
      stats.unanswered += 1;
      throw new Unanswered(`${path}: ${response.status}`);
    }
    stats.latencies.push(performance.now() - started);
    return new Response(body, { status: response.status, headers: response.headers });
  }

  async function signIn(): Promise<void> {
    const response = await send('/auth/login/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: actor.email, password: actor.password }),
    });
    const cookies = response.status === 200 ? cookiesOf(response) : undefined;
    if (!cookies) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
    session = cookies;
    stats.acknowledged.push({ kind: 'session', clientId: actor.clientId, email: actor.email, ...cookies });
  }

  async function gql<T = any>(action: string, query: string, variables: Record<string, unknown> = {}) {
    if (!session) await signIn();
    const response = await send(`/api/clients/${actor.clientId}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: session!.cookie, 'x-csrf-token': session!.csrf },
      body: JSON.stringify({ query, variables }),
    });
    const result = (await response.json()) as { data?: T; errors?: { message: string }[] };
    const payloadError = result.data && Object.values(result.data as object)[0]?.error;
    if (result.errors?.length || payloadError) {
      const message = result.errors?.[0]?.message ?? payloadError.message;
      stats.refused.push({ action, message });
      throw new Error(`${action}: ${message}`);
    }
    return result.data as T;
  }

  const actions: Record<string, { weight: number; run: () => Promise<void> }> = {
    signIn: { weight: 1, run: signIn },
    saveTemplate: {
      weight: 5,
      async run() {
        const marker = `${name}-${(seq += 1)}-${Date.now()}`;
        const svg = builderSvg({ extra: `<desc>${marker}</desc>` });
        if (templates.length < 2 || Math.random() < 0.15) {
          const data = await gql(
            'createTemplate',
            'mutation($name: String!, $svg: String!) { createProductCatalogTemplate(name: $name, templateString: $svg) { template { id templateVersionId } error { message } } }',
            { name: `Soak ${marker}`, svg },
          );
          const template = data.createProductCatalogTemplate.template;
          templates.push({ id: template.id, versionId: template.templateVersionId });
          stats.acknowledged.push({
            kind: 'version',
            clientId: actor.clientId,
            templateId: template.id,
            versionId: template.templateVersionId,
            marker,
          });
        } else {
          const template = templates[Math.floor(Math.random() * templates.length)]!;
          // The actor's own template: it names the version it edits, as the builder does.
          const data = await gql(
            'saveTemplate',
            'mutation($id: ID!, $base: ID!, $name: String!, $svg: String!) { updateProductCatalogTemplate(id: $id, baseVersionId: $base, name: $name, templateString: $svg) { template { id templateVersionId } error { message } } }',
            { id: template.id, base: template.versionId, name: `Soak ${marker}`, svg },
          ).catch(async (error: unknown) => {
            // A save the server made but could not answer (killed) makes the next one a conflict: the
            // builder reloads the newest version.
            const fresh = await gql(
              'reloadTemplate',
              'query($id: ID!) { productCatalogTemplate(id: $id) { templateVersionId } }',
              { id: template.id },
            );
            template.versionId = fresh.productCatalogTemplate.templateVersionId;
            throw error;
          });
          template.versionId = data.updateProductCatalogTemplate.template.templateVersionId;
          stats.acknowledged.push({
            kind: 'version',
            clientId: actor.clientId,
            templateId: template.id,
            versionId: template.versionId,
            marker,
          });
        }
      },
    },
    importCatalog: {
      weight: 2,
      async run() {
        if (pendingCatalogs.length > 0) {
          // Look at the one imported last; import it again once it is done.
          const catalogId = pendingCatalogs[0]!;
          const data = await gql(
            'readCatalog',
            'query($id: ID!) { catalog(id: $id) { imports { status } } }',
            { id: catalogId },
          );
          const status = data.catalog.imports[0]?.status;
          if (status === 'completed') completedCatalogs.push(pendingCatalogs.shift()!);
          else if (status === 'failed') pendingCatalogs.shift();
          return;
        }
        if (completedCatalogs.length > 0 && Math.random() < 0.4) {
          const catalogId = completedCatalogs[Math.floor(Math.random() * completedCatalogs.length)]!;
          const data = await gql(
            'importCatalog',
            'mutation($id: ID!) { importCatalog(id: $id) { import { id } error { code message } } }',
            { id: catalogId },
          ).catch((e: Error) => {
            // An import of this catalogue still running (a schedule, an earlier request) is a fair answer.
            if (/in progress|already/i.test(e.message)) return undefined;
            throw e;
          });
          if (data?.importCatalog.import)
            stats.acknowledged.push({
              kind: 'import',
              clientId: actor.clientId,
              catalogId,
              importId: data.importCatalog.import.id,
            });
          return;
        }
        const feedName = `${name}-c${(seq += 1)}`;
        const data = await gql(
          'createCatalog',
          'mutation($name: String!, $url: String!) { createCatalog(name: $name, sourceUrl: $url) { catalog { id } import { id } error { message } } }',
          { name: `Soak ${feedName}`, url: host.feedUrl(feedName, items) },
        );
        const catalogId = data.createCatalog.catalog.id as string;
        pendingCatalogs.push(catalogId);
        stats.acknowledged.push({
          kind: 'catalog',
          clientId: actor.clientId,
          catalogId,
          importId: data.createCatalog.import?.id ?? null,
        });
      },
    },
    createFeed: {
      weight: 1,
      async run() {
        if (completedCatalogs.length === 0 || templates.length === 0) return;
        const catalogId = completedCatalogs[Math.floor(Math.random() * completedCatalogs.length)]!;
        let productSetId = productSets[Math.floor(Math.random() * productSets.length)];
        if (!productSetId || Math.random() < 0.5) {
          const set = await gql(
            'createProductSet',
            'mutation($id: ID!, $name: String!) { createProductSet(catalogId: $id, name: $name) { productSet { id } error { message } } }',
            { id: catalogId, name: `Soak set ${name}-${(seq += 1)}` },
          );
          productSetId = set.createProductSet.productSet.id as string;
          productSets.push(productSetId);
          stats.acknowledged.push({ kind: 'productSet', clientId: actor.clientId, productSetId, catalogId });
        }
        const template = templates[Math.floor(Math.random() * templates.length)]!;
        const data = await gql(
          'createFeed',
          'mutation($set: ID!, $name: String!, $tpl: ID!) { createFeed(productSetId: $set, name: $name, designs: [{ templateId: $tpl }]) { feed { id exportUrls } queued error { message } } }',
          { set: productSetId, name: `Soak feed ${name}-${(seq += 1)}`, tpl: template.id },
        );
        const feed = data.createFeed.feed;
        feeds.push({ id: feed.id, exportUrls: feed.exportUrls });
        stats.acknowledged.push({
          kind: 'feed',
          clientId: actor.clientId,
          feedId: feed.id,
          queued: data.createFeed.queued,
        });
      },
    },
    exportFeed: {
      weight: 2,
      async run() {
        const feed = feeds[Math.floor(Math.random() * feeds.length)];
        if (!feed) return;
        const url = new URL(feed.exportUrls[Math.floor(Math.random() * feed.exportUrls.length)]!);
        const response = await send(url.pathname + url.search, { method: 'GET' });
        if (response.status !== 200)
          stats.refused.push({ action: 'export', message: `HTTP ${response.status}` });
      },
    },
    read: {
      weight: 2,
      async run() {
        await gql(
          'read',
          '{ productCatalogTemplates { id name } catalogs { id name itemCount } feeds { id name counts { isGenerating generatedCount } } }',
        );
      },
    },
  };

  const entries = Object.entries(actions);
  const total = entries.reduce((sum, [, a]) => sum + a.weight, 0);
  const pick = () => {
    let r = Math.random() * total;
    for (const [key, action] of entries) if ((r -= action.weight) < 0) return [key, action] as const;
    return entries[0]!;
  };

  while (!signal.aborted) {
    const [key, action] = pick();
    stats.actions[key] = (stats.actions[key] ?? 0) + 1;
    try {
      await action.run();
    } catch (error) {
      if (
        !(error instanceof Unanswered) &&
        !stats.refused.some((r) => error instanceof Error && error.message.endsWith(r.message))
      )
        stats.refused.push({ action: key, message: error instanceof Error ? error.message : String(error) });
    }
    const pause = Math.random() * (options.pauseMs ?? 200);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
