// The staff password rule beside a new-password field (contract/staff-password.ts): a meter of how
// hard the password is to guess and what is wrong with it, as the server will answer. The checker's
// dictionaries load with the first letter typed, never with the page.
import { useEffect, useState } from 'react';
import { checkStaffPassword, STAFF_PASSWORD_MIN, type PasswordVerdict } from '../../../contract/staff-password.ts';
import { MESSAGES } from '../../lib/messages.ts';
import { siteAddressWords } from '../../../contract/newsroom-words.ts';

export const STAFF_RULE_HINT = MESSAGES.account.staffRule(STAFF_PASSWORD_MIN);

/** `quiet`: the field already says what is wrong (its error after a submit): the meter does not repeat it. */
export function PasswordStrength({
  id,
  password,
  userInputs = [],
  quiet = false,
}: {
  id: string;
  password: string;
  userInputs?: string[];
  quiet?: boolean;
}) {
  const [verdict, setVerdict] = useState<PasswordVerdict | null>(null);
  const inputs = userInputs.join('\n');
  useEffect(() => {
    if (!password) return setVerdict(null);
    let current = true;
    const timer = setTimeout(() => {
      // The site's address counts against a password here as on the server (its PUBLIC_URL).
      const site = siteAddressWords(window.location.href);
      void checkStaffPassword(password, [...inputs.split('\n'), ...site]).then((v) => current && setVerdict(v));
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, inputs]);
  if (!password || !verdict) return null;
  return (
    <div className="password-strength" id={id} aria-live="polite">
      <meter min={0} max={4} low={2} high={3} optimum={4} value={verdict.score} aria-label={MESSAGES.account.strength} />
      <span className={verdict.problem ? 'strength-label weak' : 'strength-label ok'}>
        {MESSAGES.account.strengths[verdict.score]}
      </span>
      {verdict.problem && !quiet && <p className="strength-problem">{verdict.problem}</p>}
    </div>
  );
}
