// Words failures two ways: the server answered non-OK ("Failed to ..."), or the call
// itself broke ("Error ..."). The server's own message wins where the screen says so.
import { ApiRequestError } from '../../lib/api.ts';

export function failureText(error: unknown, failed: string, errored: string, opts: { preferServer?: boolean } = {}): string {
  if (error instanceof ApiRequestError) return (opts.preferServer && error.serverMessage) || failed;
  return errored;
}

/** The server's message for a refused request, if it gave one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiRequestError ? error.serverMessage : undefined;
}

/** A fixed text followed by the server's reason when it gave one ('Error assigning role. This reporter ...'). */
export function withReason(text: string, error: unknown): string {
  const reason = serverMessage(error);
  return reason ? `${text} ${reason}` : text;
}

/** The outcome of an action, shown in the screen's live region (the shape of <FormStatus>). */
export type Notice = { ok: boolean; text: string } | null;

/** A route action's outcome for its live region: the success text, or the failure worded by `failure`. */
export function outcome(call: Promise<string>, failure: (error: unknown) => string): Promise<Notice> {
  return call.then(
    (text) => ({ ok: true, text }),
    (error: unknown) => ({ ok: false, text: failure(error) }),
  );
}
