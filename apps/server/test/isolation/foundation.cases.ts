import { expect } from 'vitest';
import { gql, PASSWORD, signIn } from '../harness.js';
import { addClientCases, addPublicClientArgCases, type World } from './cases.js';

/** Sends a document as A's admin through A's own endpoint. */
const asA = (w: World, query: string) => gql(w.t, { session: w.sessionAdminA, clientId: w.a.id, query });
const membersOfB = async (w: World) =>
  (
    await gql(w.t, {
      session: w.sessionAdminB,
      clientId: w.b.id,
      query: '{ members { userId permissions { isActive isAdmin } } }',
    })
  ).data?.members;

addClientCases({
  'Query.me': { document: '{ me { email } }' },
  'Query.client': { document: '{ client { id name } }' },
  'Query.viewerPermissions': { document: '{ viewerPermissions { isAdmin } }' },
  'Query.members': { document: '{ members { email } }' },
  'Query.pendingInvitations': { document: '{ pendingInvitations { email } }' },
  'Mutation.inviteUser': { document: 'mutation { inviteUser(email: "spy@example.com") { error { code } } }' },
  'Mutation.resendInvitation': {
    document: 'mutation { resendInvitation(id: "00000000-0000-4000-8000-000000000000") { error { code } } }',
    crossResource: async (w) => {
      const inv = await gql(w.t, {
        session: w.sessionAdminB,
        clientId: w.b.id,
        query: 'mutation { inviteUser(email: "b-invitee@example.com") { invitation { id } } }',
      });
      const id = inv.data?.inviteUser.invitation.id;
      const mailsBefore = w.t.mails.length;
      for (const op of ['resendInvitation', 'revokeInvitation']) {
        const res = await asA(w, `mutation { ${op}(id: "${id}") { invitation { id } error { code } } }`);
        expect(res.data?.[op]).toEqual({ invitation: null, error: { code: 'NOT_FOUND' } });
      }
      expect(w.t.mails.length).toBe(mailsBefore);
      const pending = await gql(w.t, {
        session: w.sessionAdminB,
        clientId: w.b.id,
        query: '{ pendingInvitations { id } }',
      });
      expect(pending.data?.pendingInvitations.map((p: { id: string }) => p.id)).toContain(id);
    },
  },
  'Mutation.revokeInvitation': {
    document: 'mutation { revokeInvitation(id: "00000000-0000-4000-8000-000000000000") { error { code } } }',
  },
  'Mutation.deactivateUser': {
    document:
      'mutation { deactivateUser(userId: "00000000-0000-4000-8000-000000000000") { error { code } } }',
    crossResource: async (w) => {
      const before = await membersOfB(w);
      for (const op of [
        `deactivateUser(userId: "${w.userB.id}")`,
        `reactivateUser(userId: "${w.userB.id}")`,
        `setUserAdmin(userId: "${w.userB.id}", isAdmin: true)`,
      ]) {
        const name = op.slice(0, op.indexOf('('));
        const res = await asA(w, `mutation { ${op} { member { userId } error { code } } }`);
        expect(res.data?.[name]).toEqual({ member: null, error: { code: 'NOT_FOUND' } });
      }
      expect(await membersOfB(w)).toEqual(before);
      // B's user can still work in B.
      const session = await signIn(w.t, w.userB.email, PASSWORD);
      const ok = await gql(w.t, { session, clientId: w.b.id, query: '{ client { id } }' });
      expect(ok.data?.client.id).toBe(w.b.id);
    },
  },
  'Mutation.reactivateUser': {
    document:
      'mutation { reactivateUser(userId: "00000000-0000-4000-8000-000000000000") { error { code } } }',
  },
  'Mutation.setUserAdmin': {
    document:
      'mutation { setUserAdmin(userId: "00000000-0000-4000-8000-000000000000", isAdmin: true) { error { code } } }',
  },
});

addPublicClientArgCases({
  'Mutation.acceptTerms': {
    crossClient: async (w) => {
      const res = await gql(w.t, {
        session: w.sessionAdminA,
        query: `mutation { acceptTerms(clientId: "${w.b.id}") { client { id } error { code } } }`,
      });
      expect(res.data?.acceptTerms).toEqual({ client: null, error: { code: 'NOT_FOUND' } });
    },
  },
  ...Object.fromEntries(
    [
      [
        'Mutation.portalSetClientFeature',
        `portalSetClientFeature(clientId: "$B", key: "terms", enabled: true) { error { code } }`,
      ],
      [
        'Mutation.portalSetClientPlan',
        `portalSetClientPlan(clientId: "$B", planStatus: EXPIRED, billingRequired: true) { error { code } }`,
      ],
      ['Mutation.portalDeleteMsa', `portalDeleteMsa(clientId: "$B") { error { code } }`],
    ].map(([name, field]) => [
      name!,
      {
        // Portal operations name any client, so only staff may call them.
        crossClient: async (w: World) => {
          const res = await gql(w.t, {
            session: w.sessionAdminA,
            query: `mutation { ${field!.replace('$B', w.b.id)} }`,
          });
          const op = name!.split('.')[1]!;
          expect(res.data?.[op]).toEqual({ error: { code: 'FORBIDDEN' } });
          const plan = await gql(w.t, {
            session: w.sessionAdminB,
            clientId: w.b.id,
            query: '{ client { planStatus billingRequired } }',
          });
          expect(plan.data?.client).toEqual({ planStatus: 'PAYING', billingRequired: false });
        },
      },
    ]),
  ),
});
