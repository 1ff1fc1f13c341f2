// The import's reporters: a WordPress author becomes a reporter account when the first of their
// posts is imported (an author with no post gets none). An existing staff account of the same name
// is used as it is (a re-run, or a reporter the newsroom made); a new one gets a random password,
// shown once in the report.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { WxrAuthor } from './wxr.ts';

/** WordPress's sanitize_user(): logins are letters, digits, space and _ . - @ (stray '>' seen in real exports). */
export const loginOf = (creator: string) => creator.replace(/[^\p{L}\p{M}\p{N} _.@-]/gu, '').trim() || 'wordpress';

/** A username the site accepts (at most 50 characters) that no other account has. */
async function freeUsername(db: DbOrTx, wanted: string): Promise<string> {
  const base = (wanted.trim() || 'wordpress').slice(0, 44);
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? base : `${base}-wp${n > 1 ? n : ''}`;
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${candidate})`)
      .limit(1);
    if (!taken) return candidate;
  }
}

export type ReporterEntry = { username: string; password?: string; existing: boolean };

/**
 * The reporter id for a post's author login, made on first use and then remembered. In a dry run
 * nothing is written: a new reporter gets a stand-in id below zero. Each account is told to `note`.
 */
export function createReporters(
  db: Db,
  { authors, dryRun, note }: { authors: Map<string, WxrAuthor>; dryRun: boolean; note: (entry: ReporterEntry) => void },
) {
  const reporterIds = new Map<string, number>();

  async function newReporter(author: WxrAuthor): Promise<number> {
    const username = await freeUsername(db, author.login);
    const password = randomBytes(12).toString('base64url');
    const emailFree = async (email: string) =>
      !(
        await db
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = lower(${email})`)
          .limit(1)
      )[0];
    const email =
      author.email && (await emailFree(author.email))
        ? author.email
        : `${username.replace(/[^\w.-]/g, '_')}@wordpress-import.invalid`;
    const [row] = await db
      .insert(users)
      .values({ username, email, passwordHash: await hashPassword(password), role: 'REPORTER' })
      .returning({ id: users.id });
    note({ username, password, existing: false });
    return row.id;
  }

  return async function reporterFor(login: string): Promise<number> {
    const known = reporterIds.get(login);
    if (known !== undefined) return known;
    const author = authors.get(login) ?? { login, email: '', displayName: login };
    const [existing] = await db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${author.login.trim().slice(0, 50)})`)
      .limit(1);
    let id: number;
    if (existing && existing.role !== 'USER') {
      // A re-run, or the newsroom already made this reporter: the same account.
      id = existing.id;
      note({ username: author.login, existing: true });
    } else if (dryRun) {
      id = -1 - reporterIds.size;
      note({ username: author.login, existing: false });
    } else id = await newReporter(author);
    reporterIds.set(login, id);
    return id;
  };
}
