/** Outgoing mail: the mailer the app sends through, and the outbox the portal shows. */
export { createMailer, listOutbox, type Mail, type Mailer } from './mailer.js';
