// The mails the e2e site sent (through the SMTP server of e2e/support/global-setup.ts).
import { expect, inject } from 'vitest';

export type SentMail = { subject: string; text: string; html: string };

/** The mails sent to an address so far. */
export async function mailsTo(address: string): Promise<SentMail[]> {
  return (await fetch(`${inject('mailUrl')}?to=${encodeURIComponent(address.toLowerCase())}`)).json() as Promise<SentMail[]>;
}

/** The path of the first link under `prefix` in the mails to `address`, once one has arrived. */
export async function linkIn(address: string, prefix: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        for (const mail of await mailsTo(address))
          for (const [found] of mail.text.matchAll(/https?:\/\/[^\s<>"]+/g))
            if (new URL(found).pathname.startsWith(prefix)) link = found;
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeDefined();
  const url = new URL(link!);
  return url.pathname + url.search;
}
