import nodemailer from 'nodemailer';
import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes the mail to the server log.
 * Either way the mail is kept in the outbox that staff read in the portal.
 */
export function createMailer(
  db: Db,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  smtpUrl?: string,
  from?: string,
): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  return {
    async send(mail) {
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        } catch (e) {
          error = e instanceof Error ? e.message : String(e);
          log.error({ to: mail.to, err: error }, 'mail delivery failed');
        }
      } else {
        log.info({ to: mail.to, subject: mail.subject }, `mail (no SMTP configured):\n${mail.text}`);
      }
      await db.insert(mailOutbox).values({ ...mail, transport: transport ? 'smtp' : 'log', error });
    },
  };
}

export function listOutbox(db: Db, limit: number) {
  return db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(Math.min(Math.max(limit, 1), 500));
}
