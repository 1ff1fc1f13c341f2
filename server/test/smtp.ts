// An SMTP server of our own on loopback, for tests (the npm package smtp-server): every mail it
// accepts is parsed (mailparser) and kept with its envelope. `reject` answers a recipient with a
// reply of the test's choosing (a 550 for an address that does not exist, a 451 to make the sender retry).
import type { AddressInfo, Server } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export type ReceivedMail = ParsedMail & { envelope: { from: string; to: string[] } };

export type TestSmtpServer = {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Recipient → SMTP reply code to refuse it with (e.g. 550, 451); undefined accepts. */
  reject: (address: string) => number | undefined;
  /** The first mail to `to` that matches, once it has arrived (polled; throws after `timeoutMs`). */
  waitFor(to: string, match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Mails sent to an address so far. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
};

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const state: TestSmtpServer = {
    url: '',
    received,
    reject: () => undefined,
    async waitFor(to, match = () => true, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = state.to(to).find(match);
        if (found) return found;
        if (Date.now() > until) throw new Error(`no mail to ${to} within ${timeoutMs} ms (received: ${received.length})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    to: (address) => received.filter((m) => m.envelope.to.includes(address.toLowerCase())),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = state.reject(address.address.toLowerCase());
      if (!code) return callback();
      callback(Object.assign(new Error(`${code === 550 ? 'No such user here' : 'Try again later'}`), { responseCode: code }));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const envelope = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          };
          received.push(Object.assign(parsed, { envelope }));
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = (server.server as Server).address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  return state;
}

/** The links of a mail's plain-text part (http and https). */
export const linksOf = (mail: ParsedMail) => [...(mail.text ?? '').matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);

/** A header as it was sent (mailparser folds List-* headers into one `list` object). */
export function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim();
}
