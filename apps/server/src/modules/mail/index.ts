/** Outgoing mail: the mailer the app sends through, and the outbox the portal shows. */
export { createMailer, listOutbox, type Mail, type MailDelivery, type Mailer } from './mailer.js';
