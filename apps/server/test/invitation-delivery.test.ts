import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
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

const INVITE = `mutation($email: String!) {
  inviteUser(email: $email) { invitation { id email } mailSent invitationLink error { code message } }
}`;
const RESEND = `mutation($id: ID!) {
  resendInvitation(id: $id) { invitation { id } mailSent invitationLink error { code } }
}`;
const REVOKE = `mutation($id: ID!) {
  revokeInvitation(id: $id) { invitation { id } mailSent invitationLink error { code } }
}`;

/** An admin of a fresh client, signed in, who runs client mutations. */
async function adminOf(t: TestApp) {
  const client = await makeClient(t, 'Delivery Co');
  const admin = await makeUser(t, { clientId: client.id, isAdmin: true });
  const session = await signIn(t, admin.email, PASSWORD);
  return (query: string, variables: Record<string, unknown>) =>
    gql(t, { session, clientId: client.id, query, variables });
}

/** The accept link a mail carries. */
function linkIn(text: string): string {
  return /(http\S+\/register\/linking\/\S+)/.exec(text)![1]!;
}

describeEachDatabase('an invitation without a mail server on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('says no mail was sent and gives the admin the working link instead', async () => {
    const run = await adminOf(t);
    const invited = await run(INVITE, { email: 'nomail@example.com' });
    const payload = invited.data?.inviteUser;
    expect(payload).toMatchObject({ mailSent: false, error: null });
    // The link the admin is given is the one the (logged, unsent) mail holds, and it opens the invitation.
    expect(payload.invitationLink).toBe(linkIn(t.mails.at(-1)!.text));
    const token = new URL(payload.invitationLink as string).searchParams.get('token')!;
    const info = await gql(t, {
      query: 'query($token: String!) { invitation(token: $token) { email } }',
      variables: { token },
    });
    expect(info.data?.invitation).toEqual({ email: 'nomail@example.com' });

    // A resend makes a new link, given again; a revocation sends nothing and gives none.
    const resent = await run(RESEND, { id: payload.invitation.id });
    expect(resent.data?.resendInvitation).toMatchObject({ mailSent: false, error: null });
    expect(resent.data?.resendInvitation.invitationLink).toBe(linkIn(t.mails.at(-1)!.text));
    expect(resent.data?.resendInvitation.invitationLink).not.toBe(payload.invitationLink);
    const revoked = await run(REVOKE, { id: payload.invitation.id });
    expect(revoked.data?.revokeInvitation).toMatchObject({
      mailSent: null,
      invitationLink: null,
      error: null,
    });
  });
});

describeEachDatabase('an invitation with a mail server on %s', (kind) => {
  let t: TestApp;
  let broken: TestApp;
  let smtp: SMTPServer;
  const received: string[] = [];
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp(kind, { SMTP_URL: `smtp://127.0.0.1:${port}` });
    // Nothing listens on port 1: the mail server refuses every mail.
    broken = await createTestApp(kind, { SMTP_URL: 'smtp://127.0.0.1:1' });
  });
  afterAll(async () => {
    await t.close();
    await broken.close();
    smtp.close();
  });

  it('says the mail was sent, and keeps the link out of the answer', async () => {
    const run = await adminOf(t);
    const invited = await run(INVITE, { email: 'mailed@example.com' });
    expect(invited.data?.inviteUser).toMatchObject({ mailSent: true, invitationLink: null, error: null });
    expect(received).toContain('mailed@example.com');
  });

  it('gives the link when the mail server refused the mail', async () => {
    const run = await adminOf(broken);
    const invited = await run(INVITE, { email: 'bounced@example.com' });
    expect(invited.data?.inviteUser).toMatchObject({ mailSent: false, error: null });
    expect(invited.data?.inviteUser.invitationLink).toBe(linkIn(broken.mails.at(-1)!.text));
  });
});
