// Auth request/response shapes and the messages of docs/product.md
import { z } from 'zod';
import { ROLES } from './roles.ts';

export const PASSWORD_MIN = 6;

export const LoginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(50),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
  /** The authenticator app's 6-digit code, or one recovery code, when two-step sign-in is on. */
  code: z.string().trim().max(40).optional(),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const RegisterSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(50, 'Username must be at most 50 characters'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Invalid email format')
    .pipe(z.email('Invalid email format')),
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
});
export type Me = z.infer<typeof MeSchema>;

/** Sign-in and registration answer; `totpSetupRequired` when REQUIRE_STAFF_TOTP asks this staff account to set it up. */
export const AuthResultSchema = z.object({
  role: z.enum(ROLES),
  message: z.string(),
  totpSetupRequired: z.literal(true).optional(),
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
} as const;
