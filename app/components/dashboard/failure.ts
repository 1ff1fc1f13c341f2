// The one way the staff screens word a failed call (docs/product.md quotes these texts per screen):
// the server answered non-OK → the server's own message where the screen prefers it, else the
// screen's "Failed to ..." text, else 'HTTP error! status: N'; the call never got an answer → the
// screen's "Error ..." text, else the network message.
import { ApiRequestError } from '../../lib/api.ts';
import { MESSAGES, isNetworkFailure } from '../../lib/messages.ts';

export type FailureWords = {
  /** The server answered non-OK. */
  failed?: string;
  /** The call itself broke (no answer, or the answer did not parse). */
  errored?: string;
  /** The server's message, when it gave one, wins over `failed`. */
  preferServer?: boolean;
};

export function failureText(error: unknown, words: FailureWords = { preferServer: true }): string {
  if (error instanceof ApiRequestError) {
    return (words.preferServer && error.serverMessage) || words.failed || error.message;
  }
  if (words.errored) return words.errored;
  if (isNetworkFailure(error)) return MESSAGES.common.networkFailed;
  return error instanceof Error ? error.message : String(error);
}

/** The server's message for a refused request, if it gave one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiRequestError ? error.serverMessage : undefined;
}

/** The status of a refused request (0 when the network failed). */
export function failureStatus(error: unknown): number {
  return error instanceof ApiRequestError ? error.status : 0;
}

/** The server's message for each field it refused, if it named any. */
export function fieldErrors(error: unknown): Record<string, string> | undefined {
  return error instanceof ApiRequestError ? error.body?.errors : undefined;
}

/**
 * A fixed text followed by a reason, as one sentence: after a full stop a space ('Error assigning
 * role. This reporter ...'), after a bare phrase a colon ('Upload failed: File too large').
 */
export function joinReason(text: string, reason: string | undefined): string {
  if (!reason) return text;
  return /[.!?:]$/.test(text) ? `${text} ${reason}` : `${text}: ${reason}`;
}

/** A fixed text followed by the server's reason when it gave one (`joinReason`). */
export function withReason(text: string, error: unknown): string {
  return joinReason(text, serverMessage(error));
}
