// The mail outbox's writing side: a service calls `queueMail` in the transaction of the act that
// sends the mail (a registration, a reset asked for, a subscription), so the mail exists exactly
// when the act commits. The sender (./sender.ts) sends it in the background on any instance.
// Without SMTP_URL nothing is queued: no row waits forever for a server that is not there.
import type { DbOrTx } from '../db/client.ts';
import type { MailConfig } from '../config.ts';
import { mailOutbox } from '../db/schema.ts';

export type MailKind = 'password-reset' | 'verify-email' | 'change-email' | 'newsletter-confirm' | 'newsletter-test';

export type OutgoingMail = { kind: MailKind; to: string; subject: string; text: string; html?: string };

export const mailConfigured = (mail: MailConfig) => mail.smtpUrl !== undefined;

/** Queues one mail; false (and nothing queued) when the site has no SMTP server. */
export async function queueMail(tx: DbOrTx, mail: MailConfig, message: OutgoingMail): Promise<boolean> {
  if (!mailConfigured(mail)) return false;
  await tx.insert(mailOutbox).values({
    kind: message.kind,
    toAddress: message.to.toLowerCase(),
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html ?? null,
  });
  return true;
}
