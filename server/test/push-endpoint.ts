// A push service of our own on loopback, for tests: it plays the browser's side of Web Push. Each
// subscription it makes has a real P-256 key pair and auth secret, so a push is decrypted here as a
// browser would (RFC 8291, aes128gcm, with node:crypto only) and its VAPID token is checked
// (RFC 8292: ES256 over the endpoint's origin, signed by the key it names).
import { createECDH, createDecipheriv, createHmac, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedPush = {
  /** Which subscription (the last part of its endpoint's path). */
  name: string;
  headers: IncomingMessage['headers'];
  /** The decrypted payload, parsed as JSON. */
  payload: Record<string, unknown>;
  /** The VAPID token's claims and key, after the signature was checked. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
};

export type TestSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
};

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm record, decrypted with the browser's private key and auth secret. */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const senderPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  if (idLength !== 65 || recordSize < 18 || cipherText.length > recordSize) throw new Error('not an aes128gcm push body');
  const receiverPublic = ecdh.getPublicKey();
  const sharedSecret = ecdh.computeSecret(senderPublic);
  const prkKey = hmac(authSecret, sharedSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with 0x02 and any zero padding after it.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('missing the last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`; the JWT is ES256 over the push service's origin. Throws if anything is off. */
export function checkVapid(authorization: string | undefined, origin: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, token, key] = match;
  const [header, claims, signature] = token.split('.');
  const head = JSON.parse(Buffer.from(header, 'base64url').toString());
  if (head.alg !== 'ES256' || head.typ !== 'JWT') throw new Error(`unexpected JWT header ${JSON.stringify(head)}`);
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString());
  if (body.aud !== origin) throw new Error(`aud ${body.aud} is not ${origin}`);
  const now = Date.now() / 1000;
  if (!(body.exp > now && body.exp <= now + 24 * 3600)) throw new Error(`exp ${body.exp} is not within 24 hours`);
  return { aud: body.aud, exp: body.exp, sub: body.sub, publicKey: key };
}

export type PushEndpoint = {
  origin: string;
  received: ReceivedPush[];
  /** Requests refused (their status), in order. */
  refused: { name: string; status: number }[];
  /** Failures to decrypt or verify: a test expects none. */
  problems: string[];
  /** A browser's subscription on this endpoint, with its own keys. */
  subscribe(name: string): TestSubscription;
  /** The statuses to answer for a subscription's next requests (then 201). */
  answer(name: string, ...statuses: number[]): void;
  close(): Promise<void>;
};

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const browsers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const answers = new Map<string, number[]>();
  const received: ReceivedPush[] = [];
  const refused: PushEndpoint['refused'] = [];
  const problems: string[] = [];
  let origin = '';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const name = decodeURIComponent((request.url ?? '').split('/').pop() ?? '');
      const status = answers.get(name)?.shift();
      if (status !== undefined && status !== 201) {
        refused.push({ name, status });
        response.writeHead(status, status === 429 ? { 'retry-after': '1' } : {}).end();
        return;
      }
      const browser = browsers.get(name);
      try {
        if (!browser) throw new Error(`no such subscription ${name}`);
        if (request.method !== 'POST') throw new Error(`method ${request.method}`);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('content-encoding is not aes128gcm');
        const vapid = checkVapid(request.headers.authorization, origin);
        const payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), browser.ecdh, browser.auth).toString('utf8'));
        received.push({ name, headers: request.headers, payload, vapid });
        response.writeHead(201).end();
      } catch (error) {
        problems.push(`${name}: ${(error as Error).message}`);
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    refused,
    problems,
    subscribe(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(name, { ecdh, auth });
      return {
        endpoint: `${origin}/push/${encodeURIComponent(name)}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    answer(name, ...statuses) {
      answers.set(name, statuses);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
