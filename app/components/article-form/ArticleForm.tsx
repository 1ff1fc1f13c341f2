// The article form shared by the reporter's write/edit screens and the admin's review and
// approved-edit screens. It validates with the same zod schemas as the server plus the picture
// rules before anything is sent (the first invalid field gets focus), then submits a ready
// multipart body with a useFetcher to its screen's route: the route's clientAction saves it with
// the typed client and answers the kit's Outcome (./save.ts), which the form shows. The fields are in
// ./fields.tsx and ./ImageField.tsx; leaving with unsaved changes asks first.
//
// What the action receives: the API's parts, the `article` part (JSON; an edit adds the picture
// order as `imageOrder`) and the new files as `images`, plus `fields` and, with autosave, `draftId`
// (SAVE_FIELDS in ./save.ts), which the action reads and does not send to the API.
//
// Props:
//   mode                'create' (region required, the create video-id message) or 'edit' (region
//                       optional, the edit video-id messages). Both take 1-4 pictures, added,
//                       removed and reordered (the first is the cover).
//   initial?            the article being edited (fills every field).
//   categories          the category list (the screen's loader reads it).
//   multipleCategories? false (default): one category, a <select>; true: checkboxes (admin).
//   submitLabel         text of the submit button; submittingLabel? while saving (default 'Saving...').
//   fields?             more form fields for the action (SAVE_FIELDS: the intent, Edit & Approve's
//                       publishAt); the intent defaults to SAVE_INTENTS.save.
//   action?             the route to submit to (default: the screen's own route).
//   successMessage?     shown when the action answered ok ('Article submitted successfully!').
//                       A failure shows the outcome's message and the server's field messages.
//   afterSuccess?       called successDelayMs after success (navigation); default delay 1500 ms
//                       (reporter; admin screens pass 2000).
//   extraActions?       more buttons beside the submit button (e.g. Cancel).
//   defaultAuthor?      the Author field's start when there is no `initial` (the reporter's display
//                       name); still editable.
//   preview?            a 'Preview' button opens the story as readers will see it (./ReaderPreview.tsx)
//                       from the form's current values, new pictures included; nothing is sent.
//   locked?             read-only: someone else is editing, or took the story over (./desk-together.tsx);
//                       the writer's unsaved text stays on screen and in this browser.
//   autosave?           create mode only: the form saves itself as a draft (./draft-autosave.ts),
//                       shows 'Saved' / 'Saving…' / 'Not saved: <reason>'; a submit waits for the
//                       last save and sends the draft's id as `draftId` ('' when nothing was saved
//                       yet) with the `article` part carrying its version and the picture order.
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import type { Article } from '../../../contract/articles.ts';
import {
  ARTICLE_MESSAGES,
  ArticleCreateSchema,
  ArticleEditSchema,
  youtubeIdFrom,
  type ArticleEditInput,
  type ArticlePayload,
} from '../../../contract/article-form.ts';
import { ARTICLE_ROUTES } from '../../../contract/reporter.ts';
import { toApiError } from '../../../contract/errors.ts';
import type { Category } from '../../../contract/categories.ts';
import { DRAFT_MESSAGES, type Draft } from '../../../contract/drafts.ts';
import { EDITING_MESSAGES } from '../../../contract/editing.ts';
import { formOf } from '../../lib/api.ts';
import { sanitizeEditorHtml } from '../../lib/sanitize.ts';
import { FormError, FormStatus } from '../dashboard/Field.tsx';
import { LeaveGuard } from '../dashboard/LeaveGuard.tsx';
import { TeluguTypingToggle } from '../TeluguTypingToggle.tsx';
import { useDraftAutosave, type DraftStart, type SaveStatus } from './draft-autosave.ts';
import { CategoryField, ContentField, DistrictField, SummaryField, TagsField, TextField, VideoField } from './fields.tsx';
import { ImageField } from './ImageField.tsx';
import { ReaderPreview } from './ReaderPreview.tsx';
import { SAVE_FIELDS, SAVE_INTENTS, type Conflict } from './save.ts';
import { ConflictPanel, KeptText } from './desk-together.tsx';
import type { Outcome } from '../dashboard/outcome.ts';
import { checkImageItems, imageOrderOf, imagesSignature, storedFromUrls, storedItems, type ImageItem } from './image-list.ts';

export type ArticleFormProps = {
  mode: 'create' | 'edit';
  initial?: Article;
  categories: readonly Category[];
  multipleCategories?: boolean;
  submitLabel: string;
  submittingLabel?: string;
  fields?: Partial<Record<(typeof SAVE_FIELDS)['intent' | 'publishAt'], string>>;
  action?: string;
  successMessage?: string;
  afterSuccess?: () => void;
  successDelayMs?: number;
  extraActions?: ReactNode;
  defaultAuthor?: string;
  preview?: boolean;
  /** `onLoadNewer` gets the newer draft and the text the writer had typed (the screen keeps it shown). */
  autosave?: { start: DraftStart; onLoadNewer(draft: Draft, typed: ArticlePayload): void };
  locked?: boolean;
};

type FieldName = keyof ArticlePayload | 'images';
type Errors = Partial<Record<FieldName, string>>;

// The order of the fields on screen: the first invalid one gets focus.
const FIELD_ORDER: FieldName[] = [
  'title',
  'author',
  'region',
  'district',
  'categoryIds',
  'tags',
  'content',
  'summary',
  'images',
  'youtubeVideoId',
];

const valuesOf = (initial?: Article, defaultAuthor = ''): ArticlePayload => ({
  title: initial?.title ?? '',
  author: initial ? initial.author : defaultAuthor,
  content: initial?.content ?? '',
  youtubeVideoId: initial?.youtubeVideoId ?? '',
  categoryIds: initial?.categories.map((c) => c.id) ?? [],
  region: initial?.region ?? '',
  district: initial?.district ?? '',
  summary: initial?.summary ?? '',
  tags: initial?.tags?.map((t) => t.name) ?? [],
});

const formSignature = (values: ArticlePayload, images: readonly ImageItem[]) => JSON.stringify([values, imagesSignature(images)]);

/** A field's props: its id, value, change and message. */
type FieldOf = <K extends keyof ArticlePayload>(
  name: K,
) => { id: string; value: ArticlePayload[K]; onChange(value: ArticlePayload[K]): void; error?: string };

/** The problems the browser can see before sending; an edit that keeps its pictures as they were passes them. */
function checkArticle(
  payload: ArticlePayload,
  images: readonly ImageItem[],
  { mode, multipleCategories, initial }: Pick<ArticleFormProps, 'mode' | 'multipleCategories' | 'initial'>,
) {
  const parsed = (mode === 'create' ? ArticleCreateSchema : ArticleEditSchema).safeParse(payload);
  const found: Errors = parsed.success ? {} : (toApiError(parsed.error).errors as Errors);
  if (!multipleCategories && payload.categoryIds.length > 1) found.categoryIds ??= ARTICLE_MESSAGES.oneCategoryOnly;
  const picturesUntouched = mode === 'edit' && imagesSignature(images) === imagesSignature(storedItems(initial?.images ?? []));
  const imageProblem = picturesUntouched ? null : checkImageItems(images);
  if (imageProblem) found.images = imageProblem;
  return { parsed, found };
}

/**
 * The multipart body: the `article` part (with the picture order on an edit or a draft), the new
 * files, and the action's fields; `saved`, the autosaved draft it submits.
 */
function saveBody(
  data: object,
  images: readonly ImageItem[],
  {
    mode,
    fields,
    saved,
    version,
  }: Pick<ArticleFormProps, 'mode' | 'fields'> & {
    saved: Awaited<ReturnType<ReturnType<typeof useDraftAutosave>['settle']>> | null;
    /** The version an edit started from (the server refuses an older one than stored). */
    version?: number;
  },
): FormData {
  const { order, files } = imageOrderOf(images, saved?.storedAs);
  const article =
    saved?.draftId != null
      ? { ...data, version: saved.version, imageOrder: order }
      : mode === 'edit'
        ? { ...data, imageOrder: order, ...(version === undefined ? {} : { version }) }
        : data;
  // Every article route (create, edit, draft submit) takes this one form: `article` and `images`.
  const formData = formOf(ARTICLE_ROUTES.update, { article: article as ArticleEditInput }, { images: files });
  const extra = { [SAVE_FIELDS.intent]: SAVE_INTENTS.save, ...fields };
  for (const [name, value] of Object.entries(extra)) if (value !== undefined) formData.append(name, value);
  if (saved) formData.append(SAVE_FIELDS.draftId, saved.draftId === null ? '' : String(saved.draftId));
  return formData;
}

/** Puts the cursor in a field the check refused (the editor's body, the first category box). */
function focusField(form: HTMLFormElement | null, ids: Record<FieldName, string>, field: FieldName, multipleCategories: boolean) {
  if (!form) return;
  const target =
    field === 'content'
      ? form.querySelector<HTMLElement>('.editor-content')
      : field === 'categoryIds' && multipleCategories
        ? form.querySelector<HTMLElement>(`#${CSS.escape(ids.categoryIds)} input`)
        : form.querySelector<HTMLElement>(`#${CSS.escape(ids[field])}`);
  target?.focus();
}

/** The story's words and where it belongs: title, author, region, district, categories, tags, body and summary. */
function ArticleFields({
  field,
  mode,
  multipleCategories,
  categories,
  locked,
}: {
  field: FieldOf;
  mode: ArticleFormProps['mode'];
  multipleCategories: boolean;
  categories: readonly Category[];
  locked: boolean;
}) {
  return (
    <>
      <TextField label="Title" name="title" {...field('title')} />
      <div className="form-row">
        <TextField label="Author" name="author" {...field('author')} />
        <TextField label={`Region${mode === 'edit' ? ' (optional)' : ''}`} name="region" {...field('region')} />
      </div>
      <DistrictField {...field('district')} value={field('district').value ?? ''} />
      <CategoryField multiple={multipleCategories} categories={categories} {...field('categoryIds')} />
      <TagsField {...field('tags')} />
      <ContentField {...field('content')} readOnly={locked} />
      <SummaryField {...field('summary')} />
    </>
  );
}

/** What the form holds: the fields' values, the pictures and each field's message (a change clears its own). */
function useArticleContents(start: () => ArticlePayload, startImages: () => ImageItem[]) {
  const [values, setValues] = useState<ArticlePayload>(start);
  const [images, setImages] = useState<ImageItem[]>(startImages);
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof ArticlePayload>(key: K, value: ArticlePayload[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // Functional updates: the editor may call this through a callback from an earlier render.
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };
  const setImageList = (next: ImageItem[]) => {
    setImages(next);
    setErrors((e) => ({ ...e, images: checkImageItems(next) ?? undefined }));
  };
  // A save uploaded these files: they are stored pictures now, in the same places.
  const swapUploaded = useCallback(
    (stored: Map<File, string>) =>
      setImages((list) =>
        list.map((item) =>
          item.kind === 'new' && stored.has(item.file) ? { kind: 'stored', url: stored.get(item.file)! } : item,
        ),
      ),
    [],
  );
  /** Another version's fields and pictures (the writer took the newer version). */
  const replace = (next: ArticlePayload, nextImages: ImageItem[]) => {
    setValues(next);
    setImages(nextImages);
    setErrors({});
  };
  return { values, images, errors, setErrors, set, setImageList, swapUploaded, replace };
}

export function ArticleForm({
  mode,
  initial,
  categories,
  multipleCategories = false,
  submitLabel,
  submittingLabel = 'Saving...',
  fields,
  action,
  successMessage,
  afterSuccess,
  successDelayMs = 1500,
  extraActions,
  defaultAuthor,
  preview = false,
  autosave,
  locked = false,
}: ArticleFormProps) {
  const uid = useId();
  const ids = useMemo(() => Object.fromEntries(FIELD_ORDER.map((f) => [f, `${uid}-${f}`])) as Record<FieldName, string>, [uid]);
  const { values, images, errors, setErrors, set, setImageList, swapUploaded, replace } = useArticleContents(
    () => valuesOf(initial, defaultAuthor),
    () => (autosave ? storedFromUrls(autosave.start.imageUrls) : storedItems(initial?.images ?? [])),
  );
  const [previewing, setPreviewing] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const fetcher = useFetcher<Outcome<{ conflict?: Conflict }>>();
  const conflicts = useVersionConflicts(initial);
  // Waiting for the last autosave before the body is built; then the fetcher's submission.
  const [preparing, setPreparing] = useState(false);
  const saving = preparing || fetcher.state !== 'idle';
  const answered = useRef<Outcome | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // What the form held when it opened: an edit that changed nothing is not "unsaved".
  const [opened] = useState(() => formSignature(values, images));

  const draft = useDraftAutosave({
    enabled: !!autosave && mode === 'create',
    start: autosave?.start ?? { draftId: null, version: 1, imageUrls: [] },
    values,
    images,
    onUploaded: swapUploaded,
  });
  const unsaved = success === null && (autosave ? draft.unsaved : formSignature(values, images) !== opened);

  useEffect(() => () => clearTimeout(timer.current), []);
  // A display name given while the form is open (the first story's prompt): an empty Author takes it.
  const authorEmpty = !values.author.trim();
  useEffect(() => {
    if (defaultAuthor && authorEmpty) set('author', defaultAuthor);
    // Only when the name arrives; an Author the reporter emptied later stays empty.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [defaultAuthor]);

  // The action's answer, taken once (each submission answers a new object).
  const outcome = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (!outcome || outcome === answered.current) return;
    answered.current = outcome;
    if (outcome.ok) {
      if (autosave) draft.finish();
      setSuccess(successMessage ?? '');
      if (afterSuccess) timer.current = setTimeout(afterSuccess, successDelayMs);
    } else {
      setFormError(outcome.text);
      if (outcome.errors) setErrors(outcome.errors as Errors);
      if (outcome.conflict) conflicts.refused(outcome.conflict);
    }
  }, [outcome, autosave, draft, successMessage, afterSuccess, successDelayMs, setErrors, conflicts]);

  function submit(event: FormEvent) {
    event.preventDefault();
    void send(conflicts.version);
  }

  /** Takes the newer version into the form; the writer's text stays shown to copy from. */
  function takeNewer(conflict: Conflict) {
    conflicts.took(conflict, values);
    replace(valuesOf(conflict.article), storedItems(conflict.article.images));
    setFormError(null);
  }

  /** Checks and sends the form, as an edit of `version` (the one it started from, or the newer one it saves over). */
  async function send(version: number | undefined) {
    if (saving || success || locked) return;
    setFormError(null);
    const payload: ArticlePayload = { ...values, content: sanitizeEditorHtml(values.content) };
    const { parsed, found } = checkArticle(payload, images, { mode, multipleCategories, initial });
    setErrors(found);
    const firstInvalid = FIELD_ORDER.find((f) => found[f]);
    if (firstInvalid || !parsed.success) {
      if (firstInvalid) focusField(formRef.current, ids, firstInvalid, multipleCategories);
      return;
    }
    setPreparing(true);
    try {
      const saved = autosave ? await draft.settle() : null;
      const formData = saveBody(parsed.data, images, { mode, fields, saved, version });
      // Resolves once the action has answered and the screen's loaders were read again.
      await fetcher.submit(formData, { method: 'post', encType: 'multipart/form-data', action });
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setPreparing(false);
    }
  }

  const field: FieldOf = (name) => ({
    id: ids[name],
    value: values[name],
    onChange: (value) => set(name, value),
    error: errors[name],
  });

  return (
    <form ref={formRef} className="article-form" noValidate onSubmit={submit} aria-busy={saving}>
      <LeaveGuard when={unsaved && !saving && !locked} />
      {locked && unsaved && <LockedCopy storyId={initial?.id} values={values} />}
      <fieldset className="article-form-fields" disabled={locked} key={conflicts.generation}>
        <div className="article-form-top">
          <TeluguTypingToggle />
          {autosave && mode === 'create' && !success && <SaveState status={draft.status} />}
        </div>
        <ArticleFields
          field={field}
          mode={mode}
          multipleCategories={multipleCategories}
          categories={categories}
          locked={locked}
        />
        <ImageField id={ids.images} items={images} onChange={setImageList} error={errors.images} title={values.title} />
        <VideoField {...field('youtubeVideoId')} />
      </fieldset>
      {autosave && mode === 'create' && !success && (
        <AutosaveStatus
          status={draft.status}
          conflict={draft.conflict}
          onLoadNewer={(newer) => autosave.onLoadNewer(newer, values)}
          onKeepMine={draft.overwrite}
        />
      )}
      {conflicts.current ? (
        <ConflictPanel
          conflict={conflicts.current}
          typed={values}
          busy={saving || locked}
          onTakeNewer={() => takeNewer(conflicts.current!)}
          onSaveOver={() => void send(conflicts.current!.version)}
        />
      ) : (
        <FormError>{formError}</FormError>
      )}
      {conflicts.kept && <KeptText values={conflicts.kept} />}
      <FormStatus status={success ? { ok: true, text: success } : null} />
      <div className="form-actions">
        <button type="submit" disabled={saving || success !== null || locked}>
          {saving ? submittingLabel : submitLabel}
        </button>
        {preview && (
          <button type="button" className="secondary" onClick={() => setPreviewing(true)}>
            Preview
          </button>
        )}
        {extraActions}
      </div>
      {preview && (
        <FormPreview
          open={previewing}
          onClose={() => setPreviewing(false)}
          values={values}
          images={images}
          categories={categories}
          publishedAt={initial?.approvalStatus === 'APPROVED' ? initial.publicationDate : undefined}
        />
      )}
    </form>
  );
}

/**
 * The version an edit started from, and a save refused for a newer one: `refused` shows it, `took`
 * makes the newer one the base (the writer's text kept in `kept`; `generation` remounts the
 * fields, so the editor shows the newer text). Saving over it sends its version.
 */
function useVersionConflicts(initial?: Article) {
  const [state, setState] = useState<{
    version?: number;
    current: Conflict | null;
    kept: ArticlePayload | null;
    generation: number;
  }>(() => ({ version: initial?.version, current: null, kept: null, generation: 0 }));
  return useMemo(
    () => ({
      ...state,
      refused: (conflict: Conflict) => setState((s) => ({ ...s, current: conflict })),
      took: (conflict: Conflict, typed: ArticlePayload) =>
        setState((s) => ({ version: conflict.version, current: null, kept: typed, generation: s.generation + 1 })),
    }),
    [state],
  );
}

const LOCKED_COPY_KEY = 'news:taken-over';

/** The writer's unsaved text once the form turned read-only: on screen, and kept in this browser. */
function LockedCopy({ storyId, values }: { storyId?: number; values: ArticlePayload }) {
  useEffect(() => {
    try {
      localStorage.setItem(`${LOCKED_COPY_KEY}:${storyId ?? 'new'}`, JSON.stringify({ at: Date.now(), values }));
    } catch {
      // Storage disabled: the text is still on screen.
    }
  }, [storyId, values]);
  return <KeptText values={values} heading={EDITING_MESSAGES.keptText} />;
}

/** The form's current values as ./ReaderPreview.tsx takes them; chosen files as object URLs while open. */
function FormPreview({
  open,
  onClose,
  values,
  images,
  categories,
  publishedAt,
}: {
  open: boolean;
  onClose(): void;
  values: ArticlePayload;
  images: readonly ImageItem[];
  categories: readonly Category[];
  publishedAt?: string;
}) {
  const pictures = useMemo(
    () =>
      open ? images.map((item) => (item.kind === 'stored' ? (item.image ?? item.url) : URL.createObjectURL(item.file))) : [],
    [open, images],
  );
  useEffect(
    () => () => pictures.forEach((p) => typeof p === 'string' && p.startsWith('blob:') && URL.revokeObjectURL(p)),
    [pictures],
  );
  const names = values.categoryIds.flatMap((id) => categories.find((c) => c.id === id)?.name ?? []);
  return (
    <ReaderPreview
      open={open}
      onClose={onClose}
      title={values.title}
      summary={values.summary}
      contentHtml={values.content}
      author={values.author}
      region={values.region}
      district={values.district}
      categories={names}
      images={pictures}
      youtubeVideoId={youtubeIdFrom(values.youtubeVideoId) || null}
      tags={values.tags}
      publishedAt={publishedAt}
    />
  );
}

const statusText = (status: SaveStatus) =>
  status.state === 'saving'
    ? DRAFT_MESSAGES.saving
    : status.state === 'saved'
      ? DRAFT_MESSAGES.saved
      : status.state === 'failed'
        ? DRAFT_MESSAGES.notSaved(status.reason ?? '')
        : '';

/**
 * The same save state at the top of the form, which stays on screen while the body scrolls: seen
 * from anywhere in a long story. Not a live region (the one at the bottom announces it).
 */
function SaveState({ status }: { status: SaveStatus }) {
  const text = statusText(status);
  return (
    <p className={`autosave-top${status.state === 'failed' ? ' failed' : ''}`} data-testid="autosave-status-top" hidden={!text}>
      {status.state === 'saved' && <span aria-hidden="true">✓ </span>}
      {text}
    </p>
  );
}

function AutosaveStatus({
  status,
  conflict,
  onLoadNewer,
  onKeepMine,
}: {
  status: SaveStatus;
  conflict: Draft | null;
  onLoadNewer(draft: Draft): void;
  onKeepMine(): void;
}) {
  const text = statusText(status);
  return (
    <div className={`autosave-status${status.state === 'failed' ? ' failed' : ''}`}>
      <p aria-live="polite" data-testid="autosave-status">
        {text}
      </p>
      {conflict && (
        <p className="autosave-conflict">
          <button type="button" className="secondary" onClick={() => onLoadNewer(conflict)}>
            Load the newer version
          </button>{' '}
          <button type="button" className="secondary" onClick={onKeepMine}>
            Keep my text
          </button>
        </p>
      )}
    </div>
  );
}
