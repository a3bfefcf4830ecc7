import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clients, memberships } from '../src/db/schema.js';
import { MAX_TRIAL_WORKSPACES_PER_USER, setPlan } from '../src/modules/clients/clients.service.js';
import {
  createTestApp,
  describeEachDatabase,
  gql,
  makeClient,
  makeUser,
  PASSWORD,
  signIn,
  type TestApp,
} from './harness.js';

const CREATE = `mutation ($name: String!) {
  createWorkspace(name: $name) { client { id planStatus permissions { isAdmin } } error { code message } }
}`;

const LIMIT_MESSAGE =
  'You have started 3 trial workspaces already, the most one person can start. Choose a plan for one of ' +
  'them, or ask to be invited to the workspace you need.';

describeEachDatabase('trial workspaces per person on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function newUser() {
    const user = await makeUser(t);
    return { user, session: await signIn(t, user.email, PASSWORD) };
  }
  const createWorkspace = async (session: Awaited<ReturnType<typeof signIn>>, name: string) => {
    const res = await gql(t, { session, query: CREATE, variables: { name } });
    expect(res.errors).toBeUndefined();
    return res.data!.createWorkspace as {
      client: { id: string; planStatus: string; permissions: { isAdmin: boolean } } | null;
      error: { code: string; message: string } | null;
    };
  };
  const memberCount = async (userId: string) =>
    (await t.deps.db.select().from(memberships).where(eq(memberships.userId, userId))).length;

  it('a person starts at most 3 trial workspaces; the next is refused with the reason and creates nothing', async () => {
    expect(MAX_TRIAL_WORKSPACES_PER_USER).toBe(3);
    const { user, session } = await newUser();
    const ids: string[] = [];
    for (const name of ['Shop one', 'Shop two', 'Shop three']) {
      const created = await createWorkspace(session, name);
      expect(created.error).toBeNull();
      expect(created.client).toMatchObject({ planStatus: 'TRIAL', permissions: { isAdmin: true } });
      ids.push(created.client!.id);
    }
    const clientsBefore = (await t.deps.db.select().from(clients)).length;
    const fourth = await createWorkspace(session, 'Shop four');
    expect(fourth).toEqual({ client: null, error: { code: 'TRIAL_LIMIT_REACHED', message: LIMIT_MESSAGE } });
    expect((await t.deps.db.select().from(clients)).length).toBe(clientsBefore);
    expect(await memberCount(user.id)).toBe(3);

    // An expired trial still counts; a workspace that is paid for does not, so one more can be started.
    await setPlan(t.deps.db, ids[0]!, { planStatus: 'expired', billingRequired: false, trialEndsAt: null });
    expect((await createWorkspace(session, 'Shop four')).error?.code).toBe('TRIAL_LIMIT_REACHED');
    await setPlan(t.deps.db, ids[1]!, { planStatus: 'paying', billingRequired: false, trialEndsAt: null });
    expect((await createWorkspace(session, 'Shop four')).error).toBeNull();
    expect((await createWorkspace(session, 'Shop five')).error?.code).toBe('TRIAL_LIMIT_REACHED');
  });

  it('counts the workspaces the person started, not those of other people', async () => {
    const { user, session } = await newUser();
    // An admin of three trial workspaces someone else started.
    for (let i = 0; i < 3; i += 1) {
      const other = await makeClient(t, `Someone else's ${i}`, 'trial');
      await t.deps.db.insert(memberships).values({ userId: user.id, clientId: other.id, isAdmin: true });
    }
    for (const name of ['Mine one', 'Mine two', 'Mine three'])
      expect((await createWorkspace(session, name)).error).toBeNull();
    expect((await createWorkspace(session, 'Mine four')).error?.code).toBe('TRIAL_LIMIT_REACHED');
    // Other people are not held back by this person's workspaces.
    const { session: stranger } = await newUser();
    expect((await createWorkspace(stranger, 'Stranger shop')).error).toBeNull();
  });

  it('handing a started workspace to someone else frees no place', async () => {
    const { user, session } = await newUser();
    const ids: string[] = [];
    for (const name of ['Given one', 'Given two', 'Given three'])
      ids.push((await createWorkspace(session, name)).client!.id);
    // The starter leaves all three (another admin keeps them).
    await t.deps.db.delete(memberships).where(eq(memberships.userId, user.id));
    expect((await createWorkspace(session, 'Given four')).error?.code).toBe('TRIAL_LIMIT_REACHED');
  });

  it('requests at once cannot pass the limit together', async () => {
    const { user, session } = await newUser();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createWorkspace(session, `Race ${i}`)),
    );
    expect(answers.filter((a) => a.error === null)).toHaveLength(3);
    expect(answers.filter((a) => a.error?.code === 'TRIAL_LIMIT_REACHED')).toHaveLength(3);
    expect(await memberCount(user.id)).toBe(3);
  });
});
