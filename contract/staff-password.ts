// The staff password rule (docs/security.md): reporters and admins choose passwords of at least
// STAFF_PASSWORD_MIN characters that zxcvbn-ts scores STAFF_PASSWORD_SCORE or better (0-4: how hard
// the password is to guess, with its dictionaries of common passwords, names and words). The server
// applies it wherever a staff password is set; the browser repeats it beside the field as a meter.
// The dictionaries are large: they are loaded on the first check, never with a page.
import type { Role } from './roles.ts';
import { NEWSROOM_WORDS } from './newsroom-words.ts';

export const STAFF_PASSWORD_MIN = 10;
/** zxcvbn's score: 3 is "safely unguessable: moderate protection from offline slow-hash scenario". */
export const STAFF_PASSWORD_SCORE = 3;

export const STAFF_PASSWORD_MESSAGES = {
  tooShort: `Staff passwords must be at least ${STAFF_PASSWORD_MIN} characters.`,
  tooGuessable: 'This password is too easy to guess.',
  /** After sign-in, and on the account page: the password in use is below the rule. */
  changeAdvised: `Your password is below the staff password rule (at least ${STAFF_PASSWORD_MIN} characters, hard to guess). Change it on your account page.`,
  strength: ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const,
} as const;

export const isStaffRole = (role: Role | string | null | undefined) => role === 'ADMIN' || role === 'REPORTER';

type Checker = { check(password: string, userInputs?: (string | number)[]): Strength };
export type Strength = { score: 0 | 1 | 2 | 3 | 4; feedback: { warning: string | null; suggestions: string[] } };

let checker: Promise<Checker> | undefined;
/** A package's exports, whether the bundler hands over the ES module or the CommonJS one (under `default`). */
const exportsOf = <T extends object>(module: T): T => ('default' in module && module.default ? (module.default as T) : module);
function load(): Promise<Checker> {
  checker ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(([coreModule, commonModule, enModule]) => {
    const core = 'ZxcvbnFactory' in coreModule ? coreModule : exportsOf(coreModule);
    const common = 'adjacencyGraphs' in commonModule ? commonModule : exportsOf(commonModule);
    const en = 'translations' in enModule ? enModule : exportsOf(enModule);
    return new core.ZxcvbnFactory({
      translations: en.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary },
    }) as Checker;
  });
  return checker;
}

export type PasswordVerdict = {
  /** 0-4, as zxcvbn scores it. */
  score: Strength['score'];
  /** What is wrong, in words (null: the password meets the rule). */
  problem: string | null;
};

/**
 * How a staff password stands against the rule. `userInputs`: the account's username and email and
 * the site's address (siteAddressWords), so a password made of them counts as easy to guess; the
 * site's name, the newsroom's words and Telugu place names (NEWSROOM_WORDS) always count so.
 */
export async function checkStaffPassword(password: string, userInputs: string[] = []): Promise<PasswordVerdict> {
  const result = (await load()).check(password.slice(0, 200), [...userInputs.filter(Boolean), ...NEWSROOM_WORDS]);
  if (password.length < STAFF_PASSWORD_MIN) return { score: result.score, problem: STAFF_PASSWORD_MESSAGES.tooShort };
  if (result.score >= STAFF_PASSWORD_SCORE) return { score: result.score, problem: null };
  const { warning, suggestions } = result.feedback;
  const why = [warning, ...suggestions].filter(Boolean).join(' ');
  return {
    score: result.score,
    problem: why ? `${STAFF_PASSWORD_MESSAGES.tooGuessable} ${why}` : STAFF_PASSWORD_MESSAGES.tooGuessable,
  };
}
