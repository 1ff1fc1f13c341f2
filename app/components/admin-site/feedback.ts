// words failures two ways: the server answered non-OK ("Failed to ..."), or the call
// itself broke ("Error ..."). The server's own message wins where the spec says so.
import { ApiRequestError } from '../../lib/api.ts';

export function failureText(error: unknown, failed: string, errored: string, opts: { preferServer?: boolean } = {}): string {
  if (error instanceof ApiRequestError) return (opts.preferServer && error.serverMessage) || failed;
  return errored;
}

/** The server's message for a refused request, if it gave one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiRequestError ? error.serverMessage : undefined;
}

export type Notice = { kind: 'success' | 'error'; text: string } | null;
