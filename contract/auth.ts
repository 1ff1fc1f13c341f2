// Auth request/response shapes and the messages of SPEC.md §5 and §8.
import { z } from 'zod';
import { ROLES } from './roles.ts';

export const PASSWORD_MIN = 6;

export const LoginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(50),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
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

export const AuthResultSchema = z.object({ role: z.enum(ROLES), message: z.string() });
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
} as const;
