import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestApp,
  describeEachDatabase,
  gql,
  makeClient,
  makeUser,
  PASSWORD,
  sessionFrom,
  signIn,
  type TestApp,
} from './harness.js';

const MEMBERS = '{ members { userId email isViewer permissions { isActive isAdmin } } }';
const INACTIVE = '{ members(active: false) { userId email } }';

describeEachDatabase('users of a client on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('an admin invites a new user who creates an account from the link and lands in the client', async () => {
    const client = await makeClient(t, 'Invite Co');
    const admin = await makeUser(t, { clientId: client.id, isAdmin: true });
    const session = await signIn(t, admin.email, PASSWORD);
    const invited = await gql(t, {
      session,
      clientId: client.id,
      query:
        'mutation { inviteUser(email: "New.Person@Example.com") { invitation { id email isAdmin } error { code message } } }',
    });
    expect(invited.data?.inviteUser).toMatchObject({
      invitation: { email: 'new.person@example.com', isAdmin: false },
      error: null,
    });
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('new.person@example.com');
    expect(mail.subject).toContain('Invite Co');
    const link = new URL(/(http\S+)/.exec(mail.text)![1]!);
    expect(link.pathname).toBe('/register/linking/');
    const token = link.searchParams.get('token')!;

    const pending = await gql(t, {
      session,
      clientId: client.id,
      query: '{ pendingInvitations { email invitedByEmail } }',
    });
    expect(pending.data?.pendingInvitations).toEqual([
      { email: 'new.person@example.com', invitedByEmail: admin.email },
    ]);

    const info = await gql(t, {
      query: '{ invitation(token: $t) { clientName email userExists } }'.replace('$t', JSON.stringify(token)),
    });
    expect(info.data?.invitation).toEqual({
      clientName: 'Invite Co',
      email: 'new.person@example.com',
      userExists: false,
    });

    const noPassword = await t.app.inject({
      method: 'POST',
      url: '/auth/invitation/accept/',
      payload: { token },
    });
    expect(noPassword.statusCode).toBe(400);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/auth/invitation/accept/',
      payload: { token, firstName: 'New', lastName: 'Person', password: 'a fine password' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ ok: true, clientId: client.id });
    const me = await gql(t, {
      session: sessionFrom(accepted),
      query: '{ me { email initials clients { id permissions { isAdmin isActive } } } }',
    });
    expect(me.data?.me).toEqual({
      email: 'new.person@example.com',
      initials: 'NP',
      clients: [{ id: client.id, permissions: { isAdmin: false, isActive: true } }],
    });
    // The invitee can sign in with the password they chose; the link is spent.
    await signIn(t, 'new.person@example.com', 'a fine password');
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/auth/invitation/accept/',
      payload: { token, password: 'a fine password' },
    });
    expect(reuse.json().code).toBe('TOKEN_INVALID');
    const after = await gql(t, { session, clientId: client.id, query: '{ pendingInvitations { email } }' });
    expect(after.data?.pendingInvitations).toEqual([]);
  });

  it('an existing user must be signed in as the invited e-mail to accept', async () => {
    const client = await makeClient(t);
    const admin = await makeUser(t, { clientId: client.id, isAdmin: true });
    const existing = await makeUser(t);
    const stranger = await makeUser(t);
    const session = await signIn(t, admin.email, PASSWORD);
    await gql(t, {
      session,
      clientId: client.id,
      query: `mutation { inviteUser(email: "${existing.email}", isAdmin: true) { error { code } } }`,
    });
    const token = new URL(/(http\S+)/.exec(t.mails.at(-1)!.text)![1]!).searchParams.get('token')!;
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/auth/invitation/accept/',
      payload: { token },
    });
    expect(signedOut.json().code).toBe('SIGN_IN_REQUIRED');
    const other = await signIn(t, stranger.email, PASSWORD);
    const wrongUser = await t.app.inject({
      method: 'POST',
      url: '/auth/invitation/accept/',
      headers: { cookie: other.cookie, 'x-csrf-token': other.csrf },
      payload: { token },
    });
    expect(wrongUser.json().code).toBe('SIGN_IN_REQUIRED');
    const own = await signIn(t, existing.email, PASSWORD);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/auth/invitation/accept/',
      headers: { cookie: own.cookie, 'x-csrf-token': own.csrf },
      payload: { token },
    });
    expect(ok.json()).toEqual({ ok: true, clientId: client.id });
    const me = await gql(t, {
      session: own,
      clientId: client.id,
      query: '{ viewerPermissions { isAdmin } }',
    });
    expect(me.data?.viewerPermissions.isAdmin).toBe(true);
  });

  it('deactivates, reactivates, grants and revokes admin, keeping one admin', async () => {
    const client = await makeClient(t);
    const admin = await makeUser(t, { clientId: client.id, isAdmin: true });
    const user = await makeUser(t, { clientId: client.id });
    const session = await signIn(t, admin.email, PASSWORD);
    const userSession = await signIn(t, user.email, PASSWORD);
    const run = (query: string) => gql(t, { session, clientId: client.id, query });

    const off = await run(
      `mutation { deactivateUser(userId: "${user.id}") { member { permissions { isActive } } error { code } } }`,
    );
    expect(off.data?.deactivateUser).toEqual({ member: { permissions: { isActive: false } }, error: null });
    expect((await run(MEMBERS)).data?.members.map((m: any) => m.email)).toEqual([admin.email]);
    expect((await run(INACTIVE)).data?.members.map((m: any) => m.email)).toEqual([user.email]);
    // Their access ends at once, session included.
    const locked = await gql(t, { session: userSession, clientId: client.id, query: '{ client { id } }' });
    expect(locked.status).toBe(401);

    await run(`mutation { reactivateUser(userId: "${user.id}") { error { code } } }`);
    const promoted = await run(
      `mutation { setUserAdmin(userId: "${user.id}", isAdmin: true) { member { permissions { isAdmin } } error { code } } }`,
    );
    expect(promoted.data?.setUserAdmin.member.permissions.isAdmin).toBe(true);

    const self = await run(`mutation { deactivateUser(userId: "${admin.id}") { error { code message } } }`);
    expect(self.data?.deactivateUser.error.code).toBe('CANNOT_CHANGE_SELF');

    // The promoted user demotes the original admin; then the last admin cannot be removed.
    const promotedSession = await signIn(t, user.email, PASSWORD);
    const demote = await gql(t, {
      session: promotedSession,
      clientId: client.id,
      query: `mutation { setUserAdmin(userId: "${admin.id}", isAdmin: false) { error { code } } }`,
    });
    expect(demote.data?.setUserAdmin.error).toBeNull();
    const formerAdminDeactivated = await gql(t, {
      session: promotedSession,
      clientId: client.id,
      query: `mutation { deactivateUser(userId: "${admin.id}") { error { code } } }`,
    });
    expect(formerAdminDeactivated.data?.deactivateUser.error).toBeNull();
  });

  it('refuses the last active admin being removed', async () => {
    const client = await makeClient(t);
    const admin = await makeUser(t, { clientId: client.id, isAdmin: true });
    const staff = await makeUser(t, { isStaff: true });
    const staffSession = await signIn(t, staff.email, PASSWORD);
    const res = await gql(t, {
      session: staffSession,
      clientId: client.id,
      query: `mutation { setUserAdmin(userId: "${admin.id}", isAdmin: false) { error { code message } } }`,
    });
    expect(res.data?.setUserAdmin.error).toEqual({
      code: 'LAST_ADMIN',
      message: 'A client needs at least one active admin.',
    });
  });

  it('refuses non-admins with the reason', async () => {
    const client = await makeClient(t);
    await makeUser(t, { clientId: client.id, isAdmin: true });
    const user = await makeUser(t, { clientId: client.id });
    const session = await signIn(t, user.email, PASSWORD);
    const list = await gql(t, { session, clientId: client.id, query: MEMBERS });
    expect(list.errors?.[0]).toMatchObject({
      message: 'Only admins can manage users.',
      extensions: { code: 'NOT_ADMIN' },
    });
    const invite = await gql(t, {
      session,
      clientId: client.id,
      query: 'mutation { inviteUser(email: "a@b.co") { error { code } } }',
    });
    expect(invite.data?.inviteUser.error.code).toBe('NOT_ADMIN');
  });

  it('refuses bad invitations', async () => {
    const client = await makeClient(t);
    const admin = await makeUser(t, { clientId: client.id, isAdmin: true });
    const member = await makeUser(t, { clientId: client.id });
    const session = await signIn(t, admin.email, PASSWORD);
    const bad = await gql(t, {
      session,
      clientId: client.id,
      query: 'mutation { inviteUser(email: "nope") { error { code message } } }',
    });
    expect(bad.data?.inviteUser.error).toEqual({
      code: 'INVALID_EMAIL',
      message: 'Enter a valid e-mail address.',
    });
    const dup = await gql(t, {
      session,
      clientId: client.id,
      query: `mutation { inviteUser(email: "${member.email}") { error { code } } }`,
    });
    expect(dup.data?.inviteUser.error.code).toBe('ALREADY_MEMBER');
  });

  it('resend replaces the link, revoke kills it', async () => {
    const client = await makeClient(t);
    const admin = await makeUser(t, { clientId: client.id, isAdmin: true });
    const session = await signIn(t, admin.email, PASSWORD);
    const run = (query: string) => gql(t, { session, clientId: client.id, query });
    const inv = await run('mutation { inviteUser(email: "r@example.com") { invitation { id } } }');
    const id = inv.data?.inviteUser.invitation.id;
    const firstToken = new URL(/(http\S+)/.exec(t.mails.at(-1)!.text)![1]!).searchParams.get('token')!;
    await run(`mutation { resendInvitation(id: "${id}") { error { code } } }`);
    const secondToken = new URL(/(http\S+)/.exec(t.mails.at(-1)!.text)![1]!).searchParams.get('token')!;
    expect(secondToken).not.toBe(firstToken);
    expect(
      (await gql(t, { query: `{ invitation(token: "${firstToken}") { email } }` })).data?.invitation,
    ).toBeNull();
    expect(
      (await gql(t, { query: `{ invitation(token: "${secondToken}") { email } }` })).data?.invitation,
    ).toEqual({ email: 'r@example.com' });
    await run(`mutation { revokeInvitation(id: "${id}") { error { code } } }`);
    expect(
      (await gql(t, { query: `{ invitation(token: "${secondToken}") { email } }` })).data?.invitation,
    ).toBeNull();
  });
});
