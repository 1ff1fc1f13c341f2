// The one error shape every API route answers with (docs/api.md).
import { z } from 'zod';

export const ApiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Turns a zod failure into `{ message, errors }`, keeping the first message per field. */
export function toApiError(error: z.ZodError): ApiError {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    errors[field] ??= issue.message;
  }
  return { message: error.issues[0]?.message ?? 'Invalid input', errors };
}
