// argon2id through a prebuilt N-API binding (no node-gyp), loaded on the first sign-in: a server
// that only serves readers does not keep it resident (docs/performance.md).
import type * as Argon2 from '@node-rs/argon2';

let argon2: Promise<typeof Argon2> | undefined;
const load = () => (argon2 ??= import('@node-rs/argon2'));

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = async (password: string) => (await load()).hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await (await load()).verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against a real hash when the user does not exist keeps login timing uniform,
// so response time does not reveal which usernames exist.
let dummyHash: Promise<string> | undefined;
export async function burnVerify(password: string) {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
}
