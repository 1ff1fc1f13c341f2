// A save of the article form, between ./ArticleForm.tsx and its screen's route. The form checks
// the fields in the browser, builds the API's multipart body (the `article` part and the `images`
// files) and submits it with a useFetcher to the screen's clientAction, adding the SAVE_FIELDS the
// action needs. The action sends the API's parts with the typed client
// (`saveOutcome(call(ROUTE, { params, form: apiForm(form) }))`) and answers the kit's Outcome, which
// the form shows: the success message, or the failure with the server's field messages.
import { ApiRequestError } from '../../lib/api.ts';
import { saveErrorMessage } from '../../../contract/article-form.ts';
import { failed, type Outcome } from '../dashboard/outcome.ts';
import { formatTime } from '../public/format.ts';
import { VERSION_MESSAGES, VersionConflictSchema, type VersionConflict } from '../../../contract/editing.ts';

/** The fields a save carries beside the API's parts, for the screen's action; they never reach the API. */
export const SAVE_FIELDS = {
  /** What the save does (SAVE_INTENTS): routes whose action also takes other acts dispatch on it. */
  intent: 'intent',
  /** The write screen's autosaved draft, submitted in its place ('': none yet, the article is created). */
  draftId: 'draftId',
  /** Edit & Approve: the publication time, India time as a datetime-local value (absent: now). */
  publishAt: 'publishAt',
} as const;

/** `save`: create, update or submit the draft; `approve`: save and approve (or schedule) in one request. */
export const SAVE_INTENTS = { save: 'save-article', approve: 'save-and-approve' } as const;

/** Whether a submission to a route with several acts is an article save. */
export const isArticleSave = (form: FormData) => {
  const intent = form.get(SAVE_FIELDS.intent);
  return intent === SAVE_INTENTS.save || intent === SAVE_INTENTS.approve;
};

const ACTION_ONLY = new Set<string>(Object.values(SAVE_FIELDS));

/** The API's parts of a submitted save (`article`, then the `images` files, in order). */
export function apiForm(form: FormData): FormData {
  const api = new FormData();
  for (const [name, value] of form) if (!ACTION_ONLY.has(name)) api.append(name, value);
  return api;
}

/**
 * The outcome of a save call. A refusal reads 'HTTP error! status: {code}, message: {body}' with the
 * server's field messages; a call that got no answer, its error's message. `word` words every
 * failure itself instead (the review screen's 'Error saving and approving article: ...').
 */
export function saveOutcome(
  save: Promise<unknown>,
  word: (error: unknown) => string = saveFailure,
): Promise<Outcome<{ conflict?: Conflict }>> {
  return save.then(
    () => ({ ok: true, text: '' }),
    (error: unknown) => {
      // A newer version was saved: the form offers it beside the writer's text (./desk-together.tsx).
      const conflict = conflictOf(error);
      return failed(error, word, conflict ? { conflict } : {});
    },
  );
}

/** The 409 of a save based on an older version (one that names the newer story), else null. */
export function conflictOf(
  error: unknown,
): (VersionConflict & { version: number; article: NonNullable<VersionConflict['article']> }) | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return null;
  const parsed = VersionConflictSchema.safeParse(error.body);
  if (!parsed.success || parsed.data.version === undefined || !parsed.data.article) return null;
  return { ...parsed.data, version: parsed.data.version, article: parsed.data.article };
}
export type Conflict = NonNullable<ReturnType<typeof conflictOf>>;

/** "<name> saved a newer version at 10:42" (India time), and the same in Telugu. */
export function conflictLine(conflict: Pick<VersionConflict, 'changedBy' | 'changedAt'>): { en: string; te: string } {
  const name = conflict.changedBy?.displayName ?? VERSION_MESSAGES.clock;
  const time = conflict.changedAt ? formatTime(conflict.changedAt) : '';
  return { en: VERSION_MESSAGES.newerBy(name, time), te: VERSION_MESSAGES.newerByTelugu(name, time) };
}

function saveFailure(error: unknown): string {
  if (error instanceof ApiRequestError) return saveErrorMessage(error.status, error.body?.message ?? '');
  return error instanceof Error ? error.message : String(error);
}
