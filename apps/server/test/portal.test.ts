import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestApp,
  describeEachDatabase,
  gql,
  makeClient,
  makeUser,
  PASSWORD,
  signIn,
  type Session,
  type TestApp,
} from './harness.js';

function multipart(fileName: string, body: Buffer, contentType = 'application/pdf') {
  const boundary = '----adloomtest';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describeEachDatabase('staff portal on %s', (kind) => {
  let t: TestApp;
  let staff: Session;
  let member: Session;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const staffUser = await makeUser(t, { isStaff: true });
    staff = await signIn(t, staffUser.email, PASSWORD);
    const client = await makeClient(t, 'Member Co');
    const m = await makeUser(t, { clientId: client.id, isAdmin: true });
    member = await signIn(t, m.email, PASSWORD);
  });
  afterAll(() => t.close());

  it('is refused to non-staff', async () => {
    const res = await gql(t, { session: member, query: '{ portalClients { id } }' });
    expect(res.errors?.[0]).toMatchObject({
      message: 'Only staff can use the portal.',
      extensions: { code: 'FORBIDDEN' },
    });
    expect(res.data).toBeNull();
    const create = await gql(t, {
      session: member,
      query: 'mutation { portalCreateClient(name: "X") { error { code } } }',
    });
    expect(create.data?.portalCreateClient.error.code).toBe('FORBIDDEN');
  });

  it('creates clients and lists only paying ones by default', async () => {
    const created = await gql(t, {
      session: staff,
      query:
        'mutation { portalCreateClient(name: "Trial Shop", adminEmail: "owner@trial.example") { client { id name planStatus isPaying } error { code } } }',
    });
    expect(created.data?.portalCreateClient.client).toMatchObject({
      name: 'Trial Shop',
      planStatus: 'TRIAL',
      isPaying: false,
    });
    expect(t.mails.at(-1)!.to).toBe('owner@trial.example');
    await gql(t, {
      session: staff,
      query: 'mutation { portalCreateClient(name: "Paying Shop", planStatus: PAYING) { error { code } } }',
    });

    const paying = await gql(t, { session: staff, query: '{ portalClients(search: "shop") { name } }' });
    expect(paying.data?.portalClients).toEqual([{ name: 'Paying Shop' }]);
    const all = await gql(t, {
      session: staff,
      query: '{ portalClients(onlyPaying: false, search: "SHOP") { name } }',
    });
    expect(all.data?.portalClients.map((c: any) => c.name)).toEqual(['Paying Shop', 'Trial Shop']);
    const bad = await gql(t, {
      session: staff,
      query: 'mutation { portalCreateClient(name: "   ") { error { code message } } }',
    });
    expect(bad.data?.portalCreateClient.error).toEqual({
      code: 'INVALID_INPUT',
      message: 'The workspace name is required.',
    });
  });

  it('switches feature flags, and the terms flag drives the terms modal', async () => {
    const client = await makeClient(t, 'Terms Co');
    const user = await makeUser(t, { clientId: client.id });
    const session = await signIn(t, user.email, PASSWORD);
    const modal = async () =>
      (await gql(t, { session, query: '{ me { clients { id showTermsModal termsAccepted } } }' })).data?.me
        .clients[0];
    expect(await modal()).toMatchObject({ showTermsModal: false });
    const on = await gql(t, {
      session: staff,
      query: `mutation { portalSetClientFeature(clientId: "${client.id}", key: "terms", enabled: true) { client { features { key enabled } } error { code } } }`,
    });
    expect(on.data?.portalSetClientFeature.client.features).toEqual([{ key: 'terms', enabled: true }]);
    expect(await modal()).toMatchObject({ showTermsModal: true, termsAccepted: false });
    await gql(t, { session, query: `mutation { acceptTerms(clientId: "${client.id}") { error { code } } }` });
    expect(await modal()).toMatchObject({ showTermsModal: false, termsAccepted: true });
    const unknown = await gql(t, {
      session: staff,
      query: `mutation { portalSetClientFeature(clientId: "${client.id}", key: "nope", enabled: true) { error { code message } } }`,
    });
    expect(unknown.data?.portalSetClientFeature.error).toEqual({
      code: 'UNKNOWN_FEATURE',
      message: 'Unknown feature flag: nope.',
    });
  });

  it('sets plan state, which drives the landing rule', async () => {
    const client = await makeClient(t, 'Plan Co');
    const user = await makeUser(t, { clientId: client.id });
    const session = await signIn(t, user.email, PASSWORD);
    const landing = async () =>
      (await gql(t, { session, query: '{ me { clients { planStatus landingPath } } }' })).data?.me.clients[0];
    expect(await landing()).toEqual({
      planStatus: 'PAYING',
      landingPath: `/clients/${client.id}/dashboard/overview/`,
    });
    const set = (args: string) =>
      gql(t, {
        session: staff,
        query: `mutation { portalSetClientPlan(clientId: "${client.id}", ${args}) { client { planStatus } error { code message } } }`,
      });
    await set('planStatus: PAYING, billingRequired: true');
    expect((await landing()).landingPath).toBe(`/clients/${client.id}/billing/`);
    await set('planStatus: TRIAL, billingRequired: false, trialEndsAt: "2020-01-01T00:00:00Z"');
    expect(await landing()).toEqual({
      planStatus: 'EXPIRED',
      landingPath: `/clients/${client.id}/plan-expired/`,
    });
    const noEnd = await set('planStatus: TRIAL, billingRequired: false');
    expect(noEnd.data?.portalSetClientPlan.error).toEqual({
      code: 'INVALID_INPUT',
      message: 'A trial needs an end date.',
    });
  });

  it('uploads, downloads and deletes an MSA, refusing non-documents', async () => {
    const client = await makeClient(t, 'MSA Co');
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 7)]);
    const upload = (session: Session, name: string, body: Buffer) => {
      const form = multipart(name, body);
      return t.app.inject({
        method: 'POST',
        url: `/api/portal/clients/${client.id}/msa/`,
        headers: { ...form.headers, cookie: session.cookie, 'x-csrf-token': session.csrf },
        payload: form.payload,
      });
    };
    expect((await upload(member, 'a.pdf', pdf)).statusCode).toBe(403);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const refused = await upload(staff, 'fake.pdf', png);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('UNSUPPORTED_TYPE');
    expect((await upload(staff, 'empty.pdf', Buffer.alloc(0))).json().code).toBe('EMPTY_FILE');

    expect((await upload(staff, 'Accord signé.pdf', pdf)).statusCode).toBe(200);
    const info = await gql(t, {
      session: staff,
      query: `{ portalClient(id: "${client.id}") { msa { fileName size contentType downloadUrl } } }`,
    });
    const msa = info.data?.portalClient.msa;
    expect(msa).toMatchObject({
      fileName: 'Accord signe.pdf',
      size: pdf.length,
      contentType: 'application/pdf',
    });
    const download = await t.app.inject({
      method: 'GET',
      url: msa.downloadUrl,
      headers: { cookie: staff.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="Accord signe.pdf"');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const notStaff = await t.app.inject({
      method: 'GET',
      url: msa.downloadUrl,
      headers: { cookie: member.cookie },
    });
    expect(notStaff.statusCode).toBe(403);

    const del = await gql(t, {
      session: staff,
      query: `mutation { portalDeleteMsa(clientId: "${client.id}") { client { msa { fileName } } error { code } } }`,
    });
    expect(del.data?.portalDeleteMsa).toEqual({ client: { msa: null }, error: null });
    expect(
      (await t.app.inject({ method: 'GET', url: msa.downloadUrl, headers: { cookie: staff.cookie } }))
        .statusCode,
    ).toBe(404);
  });

  it('shows the mail outbox to staff', async () => {
    const client = await makeClient(t, 'Outbox Co');
    const admin = await makeUser(t, { clientId: client.id, isAdmin: true });
    const session = await signIn(t, admin.email, PASSWORD);
    await gql(t, {
      session,
      clientId: client.id,
      query: 'mutation { inviteUser(email: "outbox@example.com") { error { code } } }',
    });
    const outbox = await gql(t, {
      session: staff,
      query: '{ outbox(limit: 1) { to subject text transport } }',
    });
    expect(outbox.data?.outbox).toHaveLength(1);
    expect(outbox.data?.outbox[0]).toMatchObject({ to: 'outbox@example.com', transport: 'log' });
    expect(outbox.data?.outbox[0].text).toContain('/register/linking/?token=');
    const refused = await gql(t, { session, query: '{ outbox { to } }' });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
