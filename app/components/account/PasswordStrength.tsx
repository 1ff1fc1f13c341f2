// The staff password rule beside a new-password field (contract/staff-password.ts): a meter of how
// hard the password is to guess and what is wrong with it, as the server will answer. The checker's
// dictionaries load with the first letter typed, never with the page.
import { useEffect, useState } from 'react';
import {
  checkStaffPassword,
  STAFF_PASSWORD_MESSAGES,
  STAFF_PASSWORD_MIN,
  type PasswordVerdict,
} from '../../../contract/staff-password.ts';
import { siteAddressWords } from '../../../contract/newsroom-words.ts';

export const STAFF_RULE_HINT = `Reporters and admins: at least ${STAFF_PASSWORD_MIN} characters, hard to guess (a few uncommon words work well).`;

export function PasswordStrength({ id, password, userInputs = [] }: { id: string; password: string; userInputs?: string[] }) {
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
      <meter min={0} max={4} low={2} high={3} optimum={4} value={verdict.score} aria-label="Password strength" />
      <span className={verdict.problem ? 'strength-label weak' : 'strength-label ok'}>
        {STAFF_PASSWORD_MESSAGES.strength[verdict.score]}
      </span>
      {verdict.problem && <p className="strength-problem">{verdict.problem}</p>}
    </div>
  );
}
