// Auth request/response shapes and the messages of docs/product.md
import { z } from 'zod';
import { ROLES } from './roles.ts';
import { routeGroup } from './route-group.ts';
import { CONFLICT, ErrorBody, NO_CONTENT } from './http.ts';

export const PASSWORD_MIN = 6;

export const LoginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(50),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
  /** The authenticator app's 6-digit code, or one recovery code, when two-step sign-in is on. */
  code: z.string().trim().max(40).optional(),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** An e-mail address as a form gives it: registration, a reset asked for, a change of address, a newsletter. */
export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Invalid email format')
  .pipe(z.email('Invalid email format'));

export const RegisterSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(50, 'Username must be at most 50 characters'),
  email: EmailSchema,
  password: z
    .string({ error: `Password must be at least ${PASSWORD_MIN} characters` })
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(200, 'Password must be at most 200 characters'),
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

const newPassword = z
  .string({ error: `Password must be at least ${PASSWORD_MIN} characters` })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(200, 'Password must be at most 200 characters');

export const ChangePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
  newPassword,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

export const ResetPasswordSchema = z.object({
  token: z.string({ error: 'The reset link is missing its token' }).min(1).max(200),
  newPassword,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

/** POST /api/admin/users/{id}/password-reset → 201 */
export const PasswordResetLinkSchema = z.object({ resetUrl: z.string(), expiresAt: z.string() });
export type PasswordResetLink = z.infer<typeof PasswordResetLinkSchema>;
export const RESET_LINK_HOURS = 24;

/** POST /api/auth/forgot-password → 202 whether or not an account has the address. */
export const ForgotPasswordSchema = z.object({ email: EmailSchema });
/** A self-service reset link (asked for by mail) is good for this long. */
export const SELF_RESET_MINUTES = 30;
/** An address-proving link (registration, a change of address) is good for this long. */
export const VERIFY_LINK_HOURS = 24;
export const VerifyEmailSchema = z.object({ token: z.string({ error: 'The link is missing its token' }).min(1).max(200) });
export const VerifiedSchema = z.object({ message: z.string(), email: z.string() });
export const ChangeEmailSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type ChangeEmailInput = z.infer<typeof ChangeEmailSchema>;

/** The address-proving page: /verify-email/<token>. */
export const verifyEmailPath = (token: string) => `/verify-email/${token}`;

export const TotpCodeSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
export const TotpDisableSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export const TotpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetup = z.infer<typeof TotpSetupSchema>;
export const TotpEnabledSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TotpEnabled = z.infer<typeof TotpEnabledSchema>;
export const RECOVERY_CODE_COUNT = 10;

/** GET /api/auth/me */
export const MeSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  totpEnabled: z.boolean(),
  /** REQUIRE_STAFF_TOTP is on and this staff account has not set it up yet. */
  totpSetupRequired: z.boolean(),
  /** The owner followed a link sent to the address (server/auth/account-mail.ts). */
  emailVerified: z.boolean(),
  /** The site can send mail (SMTP_URL): else the account page says why links cannot be sent. */
  mailAvailable: z.boolean(),
});
export type Me = z.infer<typeof MeSchema>;

/** Sign-in and registration answer; `totpSetupRequired` when REQUIRE_STAFF_TOTP asks this staff account to set it up. */
export const AuthResultSchema = z.object({
  role: z.enum(ROLES),
  message: z.string(),
  totpSetupRequired: z.literal(true).optional(),
  /** A staff account signed in with a password below the staff password rule (contract/staff-password.ts). */
  passwordChangeAdvised: z.literal(true).optional(),
});
export type AuthResult = z.infer<typeof AuthResultSchema>;

export const AuthCheckSchema = z.object({
  authenticated: z.boolean(),
  role: z.enum(ROLES).nullable(),
});
export type AuthCheck = z.infer<typeof AuthCheckSchema>;

export const AUTH_MESSAGES = {
  loginOk: 'Login successful',
  registerOk: 'Registration successful',
  badCredentials: 'Invalid username or password',
  usernameTaken: 'Username is already taken',
  emailTaken: 'Email is already registered',
  loggedOut: 'Logged out',
  loginFailed: 'Login failed.',
  registerFailed: 'Registration failed.',
  accountLocked: (seconds: number) =>
    `Too many failed sign-ins for this account. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  totpRequired: 'Enter the 6-digit code from your authenticator app (or a recovery code).',
  totpWrong: 'That code is not right. Check the time on your phone and try again.',
  totpSetupRequired: 'Turn on two-step sign-in on your account page before you continue.',
  totpAlreadyOn: 'Two-step sign-in is already on.',
  totpNotStarted: 'Start the two-step sign-in setup first.',
  wrongPassword: 'Password is incorrect.',
  currentPasswordWrong: 'Current password is incorrect.',
  passwordChanged: 'Password changed. You were signed out everywhere else.',
  resetUnknown: 'This reset link is not valid. Ask an administrator for a new one.',
  resetUsed: 'This reset link has already been used. Ask an administrator for a new one.',
  resetExpired: 'This reset link has expired. Ask an administrator for a new one.',
  resetOwnAccount: 'Use Change password on your own page for your own account.',
  userNotFound: 'User not found.',
  forgotSent:
    'ఆ చిరునామాతో ఖాతా ఉంటే, పాస్‌వర్డ్ మార్చే లింక్ దానికి పంపాము (30 నిమిషాలు పనిచేస్తుంది). If an account has that address, a link to choose a new password is on its way.',
  verifySent: 'ధృవీకరణ లింక్ మీ ఈమెయిల్‌కు పంపాము. We sent a link to your address.',
  changeSent: 'కొత్త చిరునామాకు లింక్ పంపాము: దాన్ని తెరిచాక మార్పు అమలవుతుంది. Open the link we sent to the new address to make the change.',
  verified: 'మీ ఈమెయిల్ చిరునామా ధృవీకరించబడింది. Your e-mail address is verified.',
  emailChanged: 'మీ కొత్త ఈమెయిల్ చిరునామా అమలులోకి వచ్చింది. Your new e-mail address is in use.',
  verifyUnknown: 'ఈ లింక్ చెల్లదు. This link is not valid: ask for a new one on your account page.',
  verifyUsed: 'ఈ లింక్ ఇప్పటికే వాడారు. This link has already been used.',
  verifyExpired: 'ఈ లింక్ గడువు ముగిసింది. This link has expired: ask for a new one on your account page.',
  alreadyVerified: 'Your e-mail address is already verified.',
  sameEmail: 'That is already your address.',
  tooManyMails: 'Too many links were asked for this account in the last hour. Try again later.',
} as const;

/** `{ message }` answers (sign out, user management). */
export const MessageSchema = z.object({ message: z.string() });

const tags = ['auth'];
const anyone = routeGroup({ tags, access: 'public' });
const member = routeGroup({ tags, access: ROLES });
const totpSetup = routeGroup({ tags, access: ['REPORTER', 'ADMIN'], duringTotpSetup: true });
const usersAdmin = routeGroup({ tags: ['users'], access: ['ADMIN'] });
const limited = { 429: ErrorBody };

/**
 * The sign-in and account API (contract/route.ts). Routes in AUTH_RATE_LIMITED are also limited per
 * client address (server/auth/routes.ts).
 */
export const AUTH_ROUTES = {
  login: anyone.post('/auth/login', {
    summary: 'Sign in: sets the session cookie',
    description:
      'A wrong username or password is 401. With two-step sign-in on, a missing or wrong `code` is 401 with `totpRequired: true`; ' +
      'after repeated failures the account waits (429 with Retry-After). A staff account whose password is below the staff ' +
      'password rule signs in with `passwordChangeAdvised: true`.',
    body: LoginSchema,
    response: AuthResultSchema,
    // 401 on a public route: a wrong password or code.
    errors: { 401: ErrorBody, ...limited },
  }),
  register: anyone.post('/auth/register', {
    summary: 'Create a reader (USER) account and sign in',
    body: RegisterSchema,
    response: AuthResultSchema,
    status: 201,
    errors: { ...CONFLICT, ...limited },
  }),
  logout: anyone.post('/auth/logout', { summary: 'Sign out (ends this session)', response: MessageSchema }),
  check: anyone.get('/auth/check-auth', { summary: 'Whether the caller is signed in, and as what', response: AuthCheckSchema }),
  me: member.get('/auth/me', { summary: 'The signed-in account', response: MeSchema }),
  changePassword: member.post('/auth/change-password', {
    summary: 'Change the own password (other sessions end)',
    description: 'Staff passwords must meet the staff password rule (docs/security.md): 400 naming the problem.',
    body: ChangePasswordSchema,
    ...NO_CONTENT,
    errors: limited,
  }),
  logoutOthers: member.post('/auth/logout-others', { summary: 'Sign out every other session of the own account', ...NO_CONTENT }),
  resetPassword: anyone.post('/auth/reset-password', {
    summary: 'Set a new password with a one-time reset link token',
    description: "A staff account's new password must meet the staff password rule (docs/security.md): 400 naming the problem.",
    body: ResetPasswordSchema,
    ...NO_CONTENT,
    errors: limited,
  }),
  forgotPassword: anyone.post('/auth/forgot-password', {
    summary: 'Ask for a reset link by mail (30 minutes, one use)',
    description:
      'Answers 202 whether or not an account has the address, at once (the mail is made after the answer), so neither ' +
      'the answer nor its time says whether the address is known. Limited per client address and per address; 503 when ' +
      'the site has no mail (SMTP_URL).',
    body: ForgotPasswordSchema,
    response: MessageSchema,
    status: 202,
    errors: { ...limited, 503: ErrorBody },
  }),
  verifyEmail: anyone.post('/auth/verify-email', {
    summary: 'Follow an address-proving link: marks the address verified, or makes a change of address take effect',
    body: VerifyEmailSchema,
    response: VerifiedSchema,
    errors: { ...CONFLICT, ...limited },
  }),
  resendVerification: member.post('/auth/verify-email/resend', {
    summary: 'Send the address-proving link again (24 h)',
    response: MessageSchema,
    status: 202,
    errors: { ...CONFLICT, ...limited, 503: ErrorBody },
  }),
  changeEmail: member.post('/auth/change-email', {
    summary: 'Change the own address: takes effect once the link sent to the new address is followed',
    body: ChangeEmailSchema,
    response: MessageSchema,
    status: 202,
    errors: { ...CONFLICT, ...limited, 503: ErrorBody },
  }),
  issueReset: usersAdmin.post('/admin/users/:id/password-reset', {
    summary: 'Issue a one-time password reset link for another account (24 h)',
    response: PasswordResetLinkSchema,
    status: 201,
  }),
  totpSetup: totpSetup.post('/auth/totp/setup', {
    summary: 'Start two-step sign-in: a new secret for the authenticator app',
    response: TotpSetupSchema,
    errors: CONFLICT,
  }),
  totpEnable: totpSetup.post('/auth/totp/enable', {
    summary: 'Turn two-step sign-in on with a code from the app; answers the recovery codes once',
    body: TotpCodeSchema,
    response: TotpEnabledSchema,
    errors: { ...CONFLICT, ...limited },
  }),
  totpDisable: totpSetup.post('/auth/totp/disable', {
    summary: 'Turn two-step sign-in off (password required)',
    body: TotpDisableSchema,
    ...NO_CONTENT,
    errors: limited,
  }),
};

/** The routes limited per client address against guessing. */
export const AUTH_RATE_LIMITED: readonly (typeof AUTH_ROUTES)[keyof typeof AUTH_ROUTES][] = [
  AUTH_ROUTES.login,
  AUTH_ROUTES.register,
  AUTH_ROUTES.changePassword,
  AUTH_ROUTES.resetPassword,
  AUTH_ROUTES.forgotPassword,
  AUTH_ROUTES.verifyEmail,
  AUTH_ROUTES.resendVerification,
  AUTH_ROUTES.changeEmail,
  AUTH_ROUTES.totpEnable,
  AUTH_ROUTES.totpDisable,
];
