import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema.js';
import { createMailer } from '../src/modules/mail/mailer.js';
import { openTestDatabase } from './harness.js';
import type { Database } from '../src/db/client.js';

const quiet = { info: () => undefined, error: () => undefined };

describe('mail', () => {
  let database: Database;
  let smtp: SMTPServer;
  let port: number;
  const received: { to: string[]; data: string }[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('embedded');
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    smtp.close();
    await database.close();
  });

  it('sends through SMTP when configured and keeps the mail in the outbox', async () => {
    const mailer = createMailer(
      database.db,
      quiet,
      `smtp://127.0.0.1:${port}`,
      'Adloom <no-reply@adloom.test>',
    );
    expect(
      await mailer.send({ to: 'ann@example.com', subject: 'Hello Ann', text: 'Your link: http://x/y' }),
    ).toEqual({ sent: true });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['ann@example.com']);
    expect(received[0]!.data).toContain('Subject: Hello Ann');
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.at(-1)).toMatchObject({ to: 'ann@example.com', transport: 'smtp', error: null });
  });

  it('records a delivery failure instead of losing the mail', async () => {
    const mailer = createMailer(database.db, quiet, 'smtp://127.0.0.1:1', undefined);
    expect(await mailer.send({ to: 'bob@example.com', subject: 'Hi', text: 'x' })).toEqual({ sent: false });
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.at(-1)).toMatchObject({ to: 'bob@example.com', transport: 'smtp' });
    expect(rows.at(-1)!.error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('without SMTP, logs the mail and keeps it in the outbox', async () => {
    const logged: string[] = [];
    const mailer = createMailer(
      database.db,
      { info: (_o: unknown, msg?: string) => void logged.push(msg ?? ''), error: () => undefined },
      undefined,
    );
    // Logged is not sent: nobody receives it.
    expect(await mailer.send({ to: 'cy@example.com', subject: 'Log me', text: 'the body' })).toEqual({
      sent: false,
    });
    expect(logged.join('\n')).toContain('the body');
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.at(-1)).toMatchObject({ to: 'cy@example.com', transport: 'log' });
  });
});
