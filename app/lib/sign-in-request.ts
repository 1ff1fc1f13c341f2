// A part of a page outside the header (the save button, its own island) asks for a sign-in in
// place: the header's login modal opens over the page, the reader stays where they are, and the
// part hears whether it worked. On an islands page the islands entry wakes the header first
// (app/islands/entry.client.tsx). A window event: the two are separate React roots.
export const SIGN_IN_EVENT = 'site:sign-in';

export type SignInRequest = {
  /** Why the sign-in is asked for, shown at the top of the modal. */
  reason: string;
  /** Called once: true when the reader signed in, false when they closed the modal. */
  done: (signedIn: boolean) => void;
};

/** Opens the login modal over the page; resolves true once the reader has signed in. */
export function askSignIn(reason: string): Promise<boolean> {
  return new Promise((done) => {
    window.dispatchEvent(new CustomEvent<SignInRequest>(SIGN_IN_EVENT, { detail: { reason, done } }));
  });
}
