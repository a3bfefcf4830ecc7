/**
 * The audit log (issue 14, item 9): each recorded action appears once with its actor, client, target
 * and details; a refused action records nothing; exports fetched by an ad network are recorded at most
 * once per token and hour; rotating an export token stops the old URL at once. Client admins read their
 * own client's events only, other members nothing; staff read everything in the portal, with filters.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  auditEvents,
  brandKitItems,
  catalogImports,
  catalogs,
  feeds,
  productSets,
  templates,
} from '../src/db/schema.js';
import {
  createTestApp,
  describeEachDatabase,
  gql,
  makeClient,
  makeUser,
  PASSWORD,
  sessionFrom,
  signIn,
  twoClients,
  type Session,
  type TestApp,
} from './harness.js';

const EVENTS = `query($action: String, $actor: String, $offset: Int, $limit: Int) {
  auditEvents(action: $action, actor: $actor, offset: $offset, limit: $limit) {
    total
    events { id action actionLabel clientId actorUserId actorEmail actorIsStaff viaStaffLink targetKind targetId targetLabel detailsJson ip createdAt }
  }
}`;
const PORTAL_EVENTS = `query($clientId: ID, $withoutClient: Boolean, $action: String, $actor: String, $offset: Int, $limit: Int) {
  portalAuditEvents(clientId: $clientId, withoutClient: $withoutClient, action: $action, actor: $actor, offset: $offset, limit: $limit) {
    total
    events { action clientId clientName actorEmail actorIsStaff viaStaffLink targetKind targetId targetLabel detailsJson ip }
  }
}`;

interface Event {
  action: string;
  clientId: string | null;
  clientName?: string | null;
  actorEmail: string | null;
  actorIsStaff: boolean;
  viaStaffLink: boolean;
  targetKind: string | null;
  targetId: string | null;
  targetLabel: string | null;
  detailsJson: string;
  ip: string | null;
}

describeEachDatabase('audit log on %s', (kind) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof twoClients>>;
  let staff: Awaited<ReturnType<typeof makeUser>>;
  let staffSession: Session;

  const asAdminA = (query: string, variables: Record<string, unknown> = {}) =>
    gql(t, { session: w.sessionAdminA, clientId: w.a.id, query, variables });
  /** Client A's events of one action, newest first, as A's admin reads them. */
  async function eventsOfA(action: string): Promise<Event[]> {
    const res = await asAdminA(EVENTS, { action });
    expect(res.errors).toBeUndefined();
    return res.data?.auditEvents.events;
  }
  async function portalEvents(
    variables: Record<string, unknown>,
  ): Promise<{ total: number; events: Event[] }> {
    const res = await gql(t, { session: staffSession, query: PORTAL_EVENTS, variables });
    expect(res.errors).toBeUndefined();
    return res.data?.portalAuditEvents;
  }

  /** A feed of client A (catalogue with a completed empty import, product set), written directly. */
  async function feedOfA(name = 'Spring feed') {
    const db = t.deps.db;
    const [catalog] = await db
      .insert(catalogs)
      .values({ clientId: w.a.id, name: `${name} catalogue` })
      .returning();
    const [imported] = await db
      .insert(catalogImports)
      .values({ catalogId: catalog!.id, clientId: w.a.id, status: 'completed' })
      .returning();
    await db.update(catalogs).set({ currentImportId: imported!.id }).where(eq(catalogs.id, catalog!.id));
    const [set] = await db
      .insert(productSets)
      .values({ clientId: w.a.id, catalogId: catalog!.id, name: `${name} set`, filter: {} })
      .returning();
    const [feed] = await db
      .insert(feeds)
      .values({
        clientId: w.a.id,
        productSetId: set!.id,
        name,
        exportToken: `tok-${name.replace(/\W/g, '')}-0123456789`,
      })
      .returning();
    return { catalog: catalog!, set: set!, feed: feed! };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await twoClients(t);
    staff = await makeUser(t, { isStaff: true, email: `staff-${Date.now()}@adloom.test` });
    staffSession = await signIn(t, staff.email, PASSWORD);
  }, 60_000);
  afterAll(() => t.close());

  it('records member invitations, role changes, removals and reactivations with actor and target', async () => {
    const invited = await asAdminA(
      'mutation { inviteUser(email: "Audit.New@example.com", isAdmin: true) { invitation { id } error { code } } }',
    );
    const invitationId = invited.data?.inviteUser.invitation.id as string;
    await asAdminA('mutation($id: ID!) { resendInvitation(id: $id) { error { code } } }', {
      id: invitationId,
    });
    await asAdminA('mutation($id: ID!) { revokeInvitation(id: $id) { error { code } } }', {
      id: invitationId,
    });
    const [invitedEvent] = await eventsOfA('member.invited');
    expect(invitedEvent).toMatchObject({
      clientId: w.a.id,
      actorEmail: w.adminA.email,
      actorIsStaff: false,
      viaStaffLink: false,
      targetKind: 'invitation',
      targetId: invitationId,
      targetLabel: 'audit.new@example.com',
      ip: '127.0.0.1',
    });
    expect(JSON.parse(invitedEvent!.detailsJson)).toEqual({ isAdmin: true });
    expect(await eventsOfA('member.invitation_resent')).toHaveLength(1);
    expect((await eventsOfA('member.invitation_revoked'))[0]).toMatchObject({ targetId: invitationId });

    const promote = (isAdmin: boolean) =>
      asAdminA(
        'mutation($u: ID!, $a: Boolean!) { setUserAdmin(userId: $u, isAdmin: $a) { error { code } } }',
        {
          u: w.userA.id,
          a: isAdmin,
        },
      );
    await promote(true);
    await promote(true); // no change: nothing to record
    await promote(false);
    const roles = await eventsOfA('member.role_changed');
    expect(roles.map((e) => JSON.parse(e.detailsJson))).toEqual([
      { isAdmin: false, wasAdmin: true },
      { isAdmin: true, wasAdmin: false },
    ]);
    expect(roles[0]).toMatchObject({ targetKind: 'user', targetId: w.userA.id, targetLabel: w.userA.email });

    for (const name of ['deactivateUser', 'reactivateUser'])
      expect(
        (await asAdminA(`mutation($u: ID!) { ${name}(userId: $u) { error { code } } }`, { u: w.userA.id }))
          .data?.[name].error,
      ).toBeNull();
    expect((await eventsOfA('member.deactivated'))[0]).toMatchObject({ targetId: w.userA.id });
    expect((await eventsOfA('member.reactivated'))[0]).toMatchObject({ targetId: w.userA.id });
  });

  it('records the deletion of templates, catalogues, product sets, feeds and brand kit items, with their names', async () => {
    const db = t.deps.db;
    const [template] = await db
      .insert(templates)
      .values({ clientId: w.a.id, name: 'Doomed template', width: 100, height: 100 })
      .returning();
    const [colour] = await db
      .insert(brandKitItems)
      .values({ clientId: w.a.id, type: 'COLOR', name: 'Doomed red', textContent: '#ff0000' })
      .returning();
    const first = await feedOfA('Doomed feed');
    const second = await feedOfA('Second');

    const deletions: [string, string, string, string][] = [
      ['deleteProductCatalogTemplate', template!.id, 'template.deleted', 'Doomed template'],
      ['deleteBrandKitItem', colour!.id, 'brand_kit_item.deleted', 'Doomed red'],
      ['deleteFeed', first.feed.id, 'feed.deleted', 'Doomed feed'],
      ['deleteProductSet', first.set.id, 'product_set.deleted', 'Doomed feed set'],
      ['deleteCatalog', second.catalog.id, 'catalog.deleted', 'Second catalogue'],
    ];
    for (const [mutation, id, action, label] of deletions) {
      const res = await asAdminA(`mutation($id: ID!) { ${mutation}(id: $id) { error { code message } } }`, {
        id,
      });
      expect(res.data?.[mutation].error, mutation).toBeNull();
      const events = await eventsOfA(action);
      expect(events, action).toHaveLength(1);
      expect(events[0]).toMatchObject({ targetId: id, targetLabel: label, actorEmail: w.adminA.email });
    }
  });

  it('records nothing when the action is refused (another client’s feed, or a second delete)', async () => {
    const before = (await asAdminA(EVENTS, {})).data?.auditEvents.total;
    const { feed } = await feedOfA('Kept');
    const asB = await gql(t, {
      session: w.sessionAdminB,
      clientId: w.b.id,
      query: 'mutation($id: ID!) { deleteFeed(id: $id) { error { code } } }',
      variables: { id: feed.id },
    });
    expect(asB.data?.deleteFeed.error.code).toBe('NOT_FOUND');
    expect((await asAdminA(EVENTS, {})).data?.auditEvents.total).toBe(before);
    expect(await t.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, feed.id))).toEqual([]);
  });

  it('rotates a feed’s export token: the old URL stops at once, the new one works, and it is recorded', async () => {
    const { feed } = await feedOfA('Rotating');
    const urls = async () =>
      (await asAdminA('query($id: ID!) { feed(id: $id) { exportUrls } }', { id: feed.id })).data?.feed
        .exportUrls as string[];
    const [oldXml] = await urls();
    const path = (url: string) => new URL(url).pathname;
    expect((await t.app.inject({ method: 'GET', url: path(oldXml!) })).statusCode).toBe(200);

    const rotated = await asAdminA(
      'mutation($id: ID!) { rotateFeedExportToken(id: $id) { feed { id exportUrls } error { code } } }',
      { id: feed.id },
    );
    expect(rotated.data?.rotateFeedExportToken.error).toBeNull();
    const [newXml, newCsv] = rotated.data?.rotateFeedExportToken.feed.exportUrls as string[];
    expect(newXml).not.toBe(oldXml);
    expect(await urls()).toEqual([newXml, newCsv]);
    expect((await t.app.inject({ method: 'GET', url: path(oldXml!) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path(newXml!) })).statusCode).toBe(200);
    const csvRes = await t.app.inject({ method: 'GET', url: path(newCsv!) });
    expect(csvRes.statusCode, csvRes.body).toBe(200);

    const [event] = await eventsOfA('feed.export_token_rotated');
    expect(event).toMatchObject({ targetId: feed.id, targetLabel: 'Rotating', actorEmail: w.adminA.email });
    const details = JSON.parse(event!.detailsJson) as { previousToken: string; token: string };
    expect(details.previousToken).toMatch(/^[0-9a-f]{8}$/);
    expect(details.token).not.toBe(details.previousToken);
    // The token itself is never written to the log.
    expect(event!.detailsJson).not.toContain(feed.exportToken);

    // Another client cannot rotate it.
    const asB = await gql(t, {
      session: w.sessionAdminB,
      clientId: w.b.id,
      query: 'mutation($id: ID!) { rotateFeedExportToken(id: $id) { error { code } } }',
      variables: { id: feed.id },
    });
    expect(asB.data?.rotateFeedExportToken.error.code).toBe('NOT_FOUND');
    expect(await urls()).toEqual([newXml, newCsv]);
  });

  it('records an export fetched by its token once per token and hour, and a signed-in download as its user', async () => {
    const { feed } = await feedOfA('Fetched');
    const url = new URL(
      (await asAdminA('query($id: ID!) { feed(id: $id) { exportUrls } }', { id: feed.id })).data?.feed
        .exportUrls[1],
    ).pathname;
    // An ad network fetching every few minutes, some at the same moment.
    await Promise.all([1, 2, 3].map(() => t.app.inject({ method: 'GET', url })));
    await t.app.inject({ method: 'GET', url });
    let events = (await eventsOfA('feed.exported')).filter((e) => e.targetId === feed.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorEmail: null, targetLabel: 'Fetched', ip: '127.0.0.1' });
    expect(JSON.parse(events[0]!.detailsJson)).toMatchObject({ format: 'csv', by: 'token' });

    // A signed-in user downloading it is recorded as that user (once an hour too).
    for (let i = 0; i < 2; i++)
      expect(
        (await t.app.inject({ method: 'GET', url, headers: { cookie: w.sessionAdminA.cookie } })).statusCode,
      ).toBe(200);
    events = (await eventsOfA('feed.exported')).filter((e) => e.targetId === feed.id);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ actorEmail: w.adminA.email });
    expect(JSON.parse(events[0]!.detailsJson)).toMatchObject({ by: 'user' });

    // A wrong token records nothing.
    await t.app.inject({ method: 'GET', url: url.replace(/\.[^./]+\.csv$/, '.wrongtoken123.csv') });
    expect((await eventsOfA('feed.exported')).filter((e) => e.targetId === feed.id)).toHaveLength(2);
  });

  it('records staff sign-in links and signing in as the user; that session’s actions are marked as staff acting', async () => {
    const member = await makeUser(t, { clientId: w.a.id, isAdmin: true });
    const link = await gql(t, {
      session: staffSession,
      query: 'mutation($e: String!) { portalCreateSignInLink(email: $e) { url error { code } } }',
      variables: { e: member.email },
    });
    const url = new URL(link.data?.portalCreateSignInLink.url);
    const created = await portalEvents({ action: 'staff.sign_in_link_created', actor: staff.email });
    expect(created.events[0]).toMatchObject({
      clientId: null,
      actorEmail: staff.email,
      actorIsStaff: true,
      targetKind: 'user',
      targetLabel: member.email,
    });

    const signedIn = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(signedIn.statusCode).toBe(302);
    const session = sessionFrom(signedIn);
    // The client's admins see that staff signed in as their member.
    const [asUser] = await eventsOfA('staff.signed_in_as_user');
    expect(asUser).toMatchObject({ actorEmail: member.email, viaStaffLink: true, targetLabel: member.email });
    expect(JSON.parse(asUser!.detailsJson)).toMatchObject({ issuedByEmail: staff.email, issuedBy: 'staff' });

    const { feed } = await feedOfA('Deleted by staff link');
    await gql(t, {
      session,
      clientId: w.a.id,
      query: 'mutation($id: ID!) { deleteFeed(id: $id) { error { code } } }',
      variables: { id: feed.id },
    });
    const deleted = (await eventsOfA('feed.deleted')).find((e) => e.targetId === feed.id);
    expect(deleted).toMatchObject({ actorEmail: member.email, viaStaffLink: true });
  });

  it('records password changes and resets and session revocations', async () => {
    const user = await makeUser(t, { clientId: w.a.id });
    const first = await signIn(t, user.email, PASSWORD);
    const other = await signIn(t, user.email, PASSWORD);
    const sessions = await gql(t, { session: first, query: '{ mySessions { id current } }' });
    const otherId = sessions.data?.mySessions.find((s: { current: boolean }) => !s.current).id;
    await gql(t, {
      session: first,
      query: 'mutation($id: ID!) { revokeSession(id: $id) { error { code } } }',
      variables: { id: otherId },
    });
    await signIn(t, user.email, PASSWORD);
    await gql(t, { session: first, query: 'mutation { revokeOtherSessions { error { code } } }' });
    const changed = await gql(t, {
      session: first,
      query:
        'mutation($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) { error { code } } }',
      variables: { c: PASSWORD, n: 'another long password' },
    });
    expect(changed.data?.changePassword.error).toBeNull();
    await t.app.inject({ method: 'POST', url: '/auth/password/forgot/', payload: { email: user.email } });
    const token = new URL(/(http\S+)/.exec(t.mails.at(-1)!.text)![1]!).searchParams.get('token');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/auth/password/reset/',
      payload: { token, password: 'a third long password' },
    });
    expect(reset.statusCode).toBe(200);
    expect(other).toBeTruthy();

    const mine = await portalEvents({ actor: user.email, limit: 10 });
    expect(mine.events.map((e) => e.action)).toEqual([
      'user.password_reset',
      'user.password_changed',
      'user.other_sessions_revoked',
      'user.session_revoked',
    ]);
    expect(mine.events.every((e) => e.clientId === null && e.actorEmail === user.email)).toBe(true);
    expect(mine.events[3]).toMatchObject({ targetKind: 'session', targetId: otherId });
  });

  it('records what staff do to clients in the portal', async () => {
    const created = await gql(t, {
      session: staffSession,
      query:
        'mutation { portalCreateClient(name: "Audited Co", planStatus: PAYING) { client { id } error { code } } }',
    });
    const clientId = created.data?.portalCreateClient.client.id as string;
    await gql(t, {
      session: staffSession,
      query:
        'mutation($id: ID!) { portalSetClientFeature(clientId: $id, key: "terms", enabled: true) { error { code } } }',
      variables: { id: clientId },
    });
    await gql(t, {
      session: staffSession,
      query:
        'mutation($id: ID!) { portalSetClientPlan(clientId: $id, planStatus: PAYING, billingRequired: true) { error { code } } }',
      variables: { id: clientId },
    });
    const page = await portalEvents({ clientId });
    expect(page.events.map((e) => [e.action, e.clientName, e.actorEmail])).toEqual([
      ['client.plan_changed', 'Audited Co', staff.email],
      ['client.feature_changed', 'Audited Co', staff.email],
      ['client.created', 'Audited Co', staff.email],
    ]);
    expect(JSON.parse(page.events[1]!.detailsJson)).toEqual({ key: 'terms', enabled: true });
  });

  it('client admins read only their client’s events; other members and other clients’ admins are refused', async () => {
    const { feed } = await feedOfA('Secret of A');
    await asAdminA('mutation($id: ID!) { deleteFeed(id: $id) { error { code } } }', { id: feed.id });

    const asUserA = await gql(t, {
      session: await signIn(t, w.userA.email, PASSWORD),
      clientId: w.a.id,
      query: EVENTS,
    });
    expect(asUserA.data).toBeNull();
    expect(asUserA.errors?.[0]?.extensions?.code).toBe('NOT_ADMIN');

    const asB = await gql(t, { session: w.sessionAdminB, clientId: w.b.id, query: EVENTS });
    const bEvents = asB.data?.auditEvents.events as Event[];
    expect(bEvents.every((e) => e.clientId === w.b.id)).toBe(true);
    expect(bEvents.some((e) => e.targetId === feed.id)).toBe(false);
    // A's endpoint refuses B's admin outright.
    expect((await gql(t, { session: w.sessionAdminB, clientId: w.a.id, query: EVENTS })).status).toBe(403);

    const portal = await gql(t, { session: w.sessionAdminA, query: PORTAL_EVENTS, variables: {} });
    expect(portal.data).toBeNull();
    expect(portal.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await gql(t, { query: PORTAL_EVENTS })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    // An admin's own page never carries events of no client (accounts, sign-in links).
    const all = (await asAdminA(EVENTS, { limit: 200 })).data?.auditEvents.events as Event[];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((e) => e.clientId === w.a.id)).toBe(true);
  });

  it('hides from client admins the addresses staff acted from', async () => {
    const { feed } = await feedOfA('Deleted by staff');
    await gql(t, {
      session: staffSession,
      clientId: w.a.id,
      query: 'mutation($id: ID!) { deleteFeed(id: $id) { error { code } } }',
      variables: { id: feed.id },
    });
    const mine = (await eventsOfA('feed.deleted')).find((e) => e.targetId === feed.id);
    expect(mine).toMatchObject({ actorEmail: staff.email, actorIsStaff: true, ip: null });
    const portal = await portalEvents({ clientId: w.a.id, action: 'feed.deleted' });
    expect(portal.events.find((e) => e.targetId === feed.id)?.ip).toBe('127.0.0.1');
  });

  it('staff page through every client’s events newest first, filtered by client, action and actor', async () => {
    const other = await makeClient(t, 'Paging Co');
    for (let i = 0; i < 5; i++)
      await gql(t, {
        session: staffSession,
        query: `mutation($id: ID!) { portalSetClientFeature(clientId: $id, key: "terms", enabled: ${i % 2 === 0}) { error { code } } }`,
        variables: { id: other.id },
      });
    const first = await portalEvents({ clientId: other.id, limit: 2 });
    const second = await portalEvents({ clientId: other.id, limit: 2, offset: 2 });
    const all = await portalEvents({ clientId: other.id });
    expect(first.total).toBe(5);
    expect(all.events).toHaveLength(5);
    expect([...first.events, ...second.events]).toEqual(all.events.slice(0, 4));
    expect(all.events.map((e) => JSON.parse(e.detailsJson).enabled)).toEqual([
      true,
      false,
      true,
      false,
      true,
    ]);

    const everything = await portalEvents({ limit: 200 });
    const clients = new Set(everything.events.map((e) => e.clientId));
    expect(clients.has(w.a.id) && clients.has(other.id) && clients.has(null)).toBe(true);
    const withoutClient = await portalEvents({ withoutClient: true });
    expect(withoutClient.events.every((e) => e.clientId === null)).toBe(true);
    const byActor = await portalEvents({ actor: w.adminA.email.toUpperCase() });
    expect(byActor.total).toBeGreaterThan(0);
    expect(byActor.events.every((e) => e.actorEmail === w.adminA.email)).toBe(true);

    const unknown = await gql(t, {
      session: staffSession,
      query: PORTAL_EVENTS,
      variables: { action: 'nope' },
    });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
    const actions = await gql(t, { session: staffSession, query: '{ auditActions { name label } }' });
    expect(actions.data?.auditActions).toContainEqual({
      name: 'feed.export_token_rotated',
      label: 'Export token rotated',
    });
  });
});
