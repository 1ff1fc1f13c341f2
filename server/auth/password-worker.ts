// The password checker's child process (./password-checker.ts): the staff password rule with
// zxcvbn's dictionaries, loaded here and gone when the child exits.
import { serveParent } from '../idle-child.ts';
import { checkStaffPassword } from '../../contract/staff-password.ts';
import type { PasswordCheck } from './password-checker.ts';

serveParent(({ password, userInputs }: PasswordCheck) => checkStaffPassword(password, userInputs));
