import nodemailer from 'nodemailer';
import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import { redactText } from '../../http/redact.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Link tokens in the text: the mail goes out with them, the outbox keeps it with them redacted. */
  secrets?: string[];
}

/** What became of a mail: `sent` only when an SMTP server took it (without SMTP a mail goes to the log only). */
export interface MailDelivery {
  sent: boolean;
}

export interface Mailer {
  send(mail: Mail): Promise<MailDelivery>;
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes the mail to the server log (that is its only
 * delivery then). Either way the mail is kept in the outbox that staff read in the portal, with its link
 * tokens redacted: staff see that a link went out, never a link that works.
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
      await db.insert(mailOutbox).values({
        to: mail.to,
        subject: mail.subject,
        text: redactText(mail.text, mail.secrets),
        transport: transport ? 'smtp' : 'log',
        error,
      });
      return { sent: transport !== undefined && error === null };
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
