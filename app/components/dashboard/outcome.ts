// The one shape every staff screen's action answers, and the one way a call becomes it. The screen
// shows `text` in its outcome line (or its form's error) and each of `errors` beside its field; a
// screen may carry more beside them (the id the act was about, the story to review next).
import { failureText, fieldErrors, type FailureWords } from './failure.ts';

/** What an action answers: whether it worked, the text the screen shows, the message of each refused field. */
export type Outcome<More extends object = object> = {
  ok: boolean;
  text: string;
  errors?: Record<string, string>;
} & More;

/**
 * How a screen words a failed call: its own fixed text, the kit's `failureText` with the screen's
 * words, or the screen's own wording of the error.
 */
export type Wording = string | FailureWords | ((error: unknown) => string);

const word = (error: unknown, wording: Wording) =>
  typeof wording === 'string' ? wording : typeof wording === 'function' ? wording(error) : failureText(error, wording);

/** A failed call as the screen's outcome: the text worded for the screen, and the server's field messages. */
export function failed<More extends object = object>(error: unknown, wording: Wording, more?: More): Outcome<More> {
  const errors = fieldErrors(error);
  return { ok: false, text: word(error, wording), ...(errors ? { errors } : {}), ...more } as Outcome<More>;
}

/** A refusal the screen found itself, before any call (a field's rule, a missing choice). */
export function refused<More extends object = object>(text: string, errors?: Record<string, string>, more?: More): Outcome<More> {
  return { ok: false, text, ...(errors ? { errors } : {}), ...more } as Outcome<More>;
}

/**
 * A call's outcome: `success` (a text, or worded from the answer) when it worked, else `failed`;
 * `more` rides along either way.
 */
export function outcome<T, More extends object = object>(
  call: Promise<T>,
  success: string | ((answer: T) => string),
  failure: Wording,
  more?: More,
): Promise<Outcome<More>> {
  return call.then(
    (answer) => ({ ok: true, text: typeof success === 'string' ? success : success(answer), ...more }) as Outcome<More>,
    (error: unknown) => failed(error, failure, more),
  );
}
