// The article form shared by the reporter's write/edit screens and the admin's review and
// approved-edit screens. It validates with the same zod schemas as the server plus the
// file rules, before anything is sent, then hands a ready multipart body to `onSubmit`.
//
// Props:
//   mode                'create' (images required, 1-4) or 'edit' (images shown, not changed: PUT
//                       sends the `article` part only; region optional; edit video-id messages).
//   initial?            the article being edited (fills every field).
//   multipleCategories? false (default): one category, a <select>; true: checkboxes (admin review).
//   submitLabel         text of the submit button; submittingLabel? while saving (default 'Saving...').
//   onSubmit(formData, values)
//                       called after validation passed; formData has the `article` JSON part (and
//                       repeated `images` on create). Resolve on success; throw (ApiRequestError from
//                       app/lib/api.ts) on failure: the form shows 'HTTP error! status: {code},
//                       message: {body}' and the server's field messages.
//   successMessage?     shown after onSubmit resolved ('Article submitted successfully!').
//   afterSuccess?       called successDelayMs after success (navigation); default delay 1500 ms
//                       (reporter; admin screens pass 2000).
//   categories?         the category list; when omitted the form loads GET /api/categories and shows
//                       'Failed to load article or categories. Please try again later.' on failure.
//   extraActions?       more buttons beside the submit button (e.g. a reject button on review).
//   autosave?           create mode only: the form saves itself as a draft (./draft-autosave.ts),
//                       shows 'Saved' / 'Saving…' / 'Not saved: <reason>', keeps stored images, and
//                       onSubmit gets the draft's id (null when nothing was saved yet) with the
//                       `article` part carrying its version and the images to keep.
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { Article } from '../../../contract/articles.ts';
import { MAX_ARTICLE_IMAGES } from '../../../contract/articles.ts';
import {
  ARTICLE_IMAGE_TYPES,
  ARTICLE_MESSAGES,
  ArticleCreateSchema,
  ArticleEditSchema,
  checkArticleImages,
  saveErrorMessage,
  type ArticlePayload,
} from '../../../contract/article-form.ts';
import { toApiError } from '../../../contract/errors.ts';
import { api, ApiRequestError } from '../../lib/api.ts';
import { sanitizeEditorHtml } from '../../lib/sanitize.ts';
import { DRAFT_MESSAGES, type Draft } from '../../../contract/drafts.ts';
import { useDraftAutosave, type DraftStart, type SaveStatus } from './draft-autosave.ts';
import { TeluguTypingToggle } from '../TeluguTypingToggle.tsx';
import { CategoryListSchema } from '../../../contract/categories.ts';

const RichTextEditor = lazy(() => import('../editor/RichTextEditor.tsx'));

export type Category = { id: number; name: string };

export type ArticleFormProps = {
  mode: 'create' | 'edit';
  initial?: Article;
  multipleCategories?: boolean;
  submitLabel: string;
  submittingLabel?: string;
  onSubmit(formData: FormData, values: ArticlePayload, draft?: { draftId: number | null }): Promise<void>;
  successMessage?: string;
  afterSuccess?: () => void;
  successDelayMs?: number;
  categories?: Category[];
  extraActions?: ReactNode;
  autosave?: { start: DraftStart; onLoadNewer(draft: Draft): void };
};

type Errors = Partial<Record<keyof ArticlePayload | 'images', string>>;

// The order of the fields on screen: the first invalid one gets focus.
const FIELD_ORDER: (keyof Errors)[] = ['title', 'author', 'region', 'categoryIds', 'content', 'images', 'youtubeVideoId'];

export function ArticleForm({
  mode,
  initial,
  multipleCategories = false,
  submitLabel,
  submittingLabel = 'Saving...',
  onSubmit,
  successMessage,
  afterSuccess,
  successDelayMs = 1500,
  categories: givenCategories,
  extraActions,
  autosave,
}: ArticleFormProps) {
  const uid = useId();
  const ids = useMemo(
    () => Object.fromEntries(FIELD_ORDER.map((f) => [f, `${uid}-${f}`])) as Record<keyof Errors, string>,
    [uid],
  );
  const [values, setValues] = useState<ArticlePayload>(() => ({
    title: initial?.title ?? '',
    author: initial?.author ?? '',
    content: initial?.content ?? '',
    youtubeVideoId: initial?.youtubeVideoId ?? '',
    categoryIds: initial?.categories.map((c) => c.id) ?? [],
    region: initial?.region ?? '',
  }));
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [loadedCategories, setLoadedCategories] = useState<Category[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const categories = givenCategories ?? loadedCategories ?? [];
  const dropUploaded = useCallback((sent: File[]) => setFiles((current) => current.filter((f) => !sent.includes(f))), []);
  const draft = useDraftAutosave({
    enabled: !!autosave && mode === 'create',
    start: autosave?.start ?? { draftId: null, version: 1, imageUrls: [] },
    values,
    files,
    onUploaded: dropUploaded,
  });
  const storedImages = autosave ? draft.imageUrls : [];

  useEffect(() => {
    if (givenCategories) return;
    let cancelled = false;
    api('/categories', CategoryListSchema)
      .then((list) => !cancelled && setLoadedCategories(list))
      .catch(() => !cancelled && setLoadError(ARTICLE_MESSAGES.loadFailed));
    return () => {
      cancelled = true;
    };
  }, [givenCategories]);

  useEffect(() => () => clearTimeout(timer.current), []);

  // Previews of the chosen files; object URLs are freed when the list changes or the form goes.
  const previews = useMemo(() => files.map((file) => ({ file, url: URL.createObjectURL(file) })), [files]);
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p.url)), [previews]);

  const set = <K extends keyof ArticlePayload>(key: K, value: ArticlePayload[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // Functional updates: the editor may call this through a callback from an earlier render.
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };

  const chooseFiles = (chosen: FileList | null) => {
    if (!chosen || chosen.length === 0) return;
    const next = [...files, ...Array.from(chosen)];
    setFiles(next);
    setErrors((e) => ({ ...e, images: checkArticleImages(next) ?? undefined }));
  };
  const removeFile = (index: number) => {
    const next = files.filter((_, i) => i !== index);
    setFiles(next);
    if (errors.images) setErrors((e) => ({ ...e, images: checkArticleImages(next) ?? undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving || success) return;
    setFormError(null);
    const payload: ArticlePayload = { ...values, content: sanitizeEditorHtml(values.content) };
    const parsed = (mode === 'create' ? ArticleCreateSchema : ArticleEditSchema).safeParse(payload);
    const found: Errors = parsed.success ? {} : (toApiError(parsed.error).errors as Errors);
    if (!multipleCategories && payload.categoryIds.length > 1) found.categoryIds ??= ARTICLE_MESSAGES.oneCategoryOnly;
    if (mode === 'create') {
      // Images a draft already stored count toward 1-4.
      const imageProblem =
        storedImages.length === 0
          ? checkArticleImages(files)
          : storedImages.length + files.length > MAX_ARTICLE_IMAGES
            ? ARTICLE_MESSAGES.tooManyImages
            : files.length
              ? checkArticleImages(files)
              : null;
      if (imageProblem) found.images = imageProblem;
    }
    setErrors(found);
    const firstInvalid = FIELD_ORDER.find((f) => found[f]);
    if (firstInvalid || !parsed.success) {
      if (firstInvalid) focusField(firstInvalid);
      return;
    }

    const formData = new FormData();
    setSaving(true);
    const saved = autosave ? await draft.settle() : null;
    formData.append(
      'article',
      JSON.stringify(saved?.draftId ? { ...parsed.data, version: saved.version, imageUrls: saved.imageUrls } : parsed.data),
    );
    if (mode === 'create') for (const file of files) if (!saved?.isUploaded(file)) formData.append('images', file, file.name);
    try {
      await onSubmit(formData, payload, saved ? { draftId: saved.draftId } : undefined);
      if (autosave) draft.finish();
      setSuccess(successMessage ?? null);
      if (afterSuccess) timer.current = setTimeout(afterSuccess, successDelayMs);
    } catch (error) {
      if (error instanceof ApiRequestError) {
        setFormError(saveErrorMessage(error.status, error.body?.message ?? ''));
        if (error.body?.errors) setErrors(error.body.errors as Errors);
      } else {
        setFormError(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setSaving(false);
    }
  }

  function focusField(field: keyof Errors) {
    const form = formRef.current;
    if (!form) return;
    const target =
      field === 'content'
        ? form.querySelector<HTMLElement>('.editor-content')
        : field === 'categoryIds' && multipleCategories
          ? form.querySelector<HTMLElement>(`#${CSS.escape(ids.categoryIds)} input`)
          : form.querySelector<HTMLElement>(`#${CSS.escape(ids[field])}`);
    target?.focus();
  }

  const fieldError = (field: keyof Errors) =>
    errors[field] ? (
      <p className="field-error" id={`${ids[field]}-error`}>
        {errors[field]}
      </p>
    ) : null;
  const described = (field: keyof Errors) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${ids[field]}-error` } : {};

  return (
    <form ref={formRef} className="article-form" noValidate onSubmit={submit} aria-busy={saving}>
      {loadError && (
        <p className="form-error" role="alert">
          {loadError}
        </p>
      )}
      <TeluguTypingToggle />
      <div className="field">
        <label htmlFor={ids.title}>Title</label>
        <input
          id={ids.title}
          name="title"
          lang="te"
          data-telugu
          value={values.title}
          onChange={(e) => set('title', e.target.value)}
          {...described('title')}
        />
        {fieldError('title')}
      </div>
      <div className="form-row">
        <div className="field">
          <label htmlFor={ids.author}>Author</label>
          <input
            id={ids.author}
            name="author"
            lang="te"
            data-telugu
            value={values.author}
            onChange={(e) => set('author', e.target.value)}
            {...described('author')}
          />
          {fieldError('author')}
        </div>
        <div className="field">
          <label htmlFor={ids.region}>Region{mode === 'edit' ? ' (optional)' : ''}</label>
          <input
            id={ids.region}
            name="region"
            lang="te"
            data-telugu
            value={values.region}
            onChange={(e) => set('region', e.target.value)}
            {...described('region')}
          />
          {fieldError('region')}
        </div>
      </div>
      {multipleCategories ? (
        <fieldset className="field category-checks" id={ids.categoryIds} {...described('categoryIds')}>
          <legend>Categories</legend>
          {categories.map((c) => (
            <label key={c.id} className="check">
              <input
                type="checkbox"
                checked={values.categoryIds.includes(c.id)}
                onChange={(e) =>
                  set(
                    'categoryIds',
                    e.target.checked ? [...values.categoryIds, c.id] : values.categoryIds.filter((id) => id !== c.id),
                  )
                }
              />
              {c.name}
            </label>
          ))}
          {fieldError('categoryIds')}
        </fieldset>
      ) : (
        <div className="field">
          <label htmlFor={ids.categoryIds}>Category</label>
          <select
            id={ids.categoryIds}
            name="category"
            value={values.categoryIds[0] ?? ''}
            onChange={(e) => set('categoryIds', e.target.value ? [Number(e.target.value)] : [])}
            {...described('categoryIds')}
          >
            <option value="">Select a category</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {fieldError('categoryIds')}
        </div>
      )}
      <div className="field">
        <span className="label" id={`${ids.content}-label`}>
          Content
        </span>
        <Suspense fallback={<div className="editor-loading">Loading editor...</div>}>
          <RichTextEditor
            initialContent={values.content}
            onChange={(html) => set('content', html)}
            label="Article content"
            invalid={!!errors.content}
            describedBy={errors.content ? `${ids.content}-error` : undefined}
          />
        </Suspense>
        {fieldError('content')}
      </div>
      {mode === 'create' ? (
        <div className="field">
          <label htmlFor={ids.images}>Images (1 to {MAX_ARTICLE_IMAGES}; JPG, PNG or WEBP, up to 2 MB each)</label>
          <input
            id={ids.images}
            type="file"
            name="images"
            multiple
            accept={ARTICLE_IMAGE_TYPES.join(',')}
            onChange={(e) => {
              chooseFiles(e.target.files);
              // Cleared so the same file can be chosen again after removing it.
              e.target.value = '';
            }}
            {...described('images')}
          />
          {fieldError('images')}
          {storedImages.length > 0 && (
            <ul className="image-previews" aria-label="Saved images">
              {storedImages.map((url, index) => (
                <li key={url}>
                  <img src={url} alt={`Saved image ${index + 1}`} />
                  <button
                    type="button"
                    className="secondary remove"
                    aria-label={`Remove saved image ${index + 1}`}
                    onClick={() => draft.setImageUrls(storedImages.filter((u) => u !== url))}
                  >
                    ✕
                  </button>
                </li>
              ))}
            </ul>
          )}
          {previews.length > 0 && (
            <ul className="image-previews" aria-label="Chosen images">
              {previews.map(({ file, url }, index) => (
                <li key={url}>
                  <img src={url} alt={file.name} />
                  <span className="file-name">{file.name}</span>
                  <button
                    type="button"
                    className="secondary remove"
                    aria-label={`Remove ${file.name}`}
                    onClick={() => removeFile(index)}
                  >
                    ✕
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        initial &&
        initial.images.length > 0 && (
          <div className="field">
            <span className="label">Images</span>
            <p className="field-hint">Images stay as they were uploaded; editing changes the text only.</p>
            <ul className="image-previews" aria-label="Article images">
              {initial.images.map((image, i) => (
                <li key={image.url}>
                  <img
                    src={image.url}
                    srcSet={image.srcset}
                    sizes="160px"
                    width={image.width}
                    height={image.height}
                    alt={`${initial.title} (${i + 1})`}
                  />
                </li>
              ))}
            </ul>
          </div>
        )
      )}
      <div className="field">
        <label htmlFor={ids.youtubeVideoId}>YouTube video ID (optional)</label>
        <input
          id={ids.youtubeVideoId}
          name="youtubeVideoId"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. dQw4w9WgXcQ"
          value={values.youtubeVideoId}
          onChange={(e) => set('youtubeVideoId', e.target.value)}
          {...described('youtubeVideoId')}
        />
        {fieldError('youtubeVideoId')}
      </div>
      {autosave && mode === 'create' && !success && (
        <AutosaveStatus
          status={draft.status}
          conflict={draft.conflict}
          onLoadNewer={autosave.onLoadNewer}
          onKeepMine={draft.overwrite}
        />
      )}
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      {success && (
        <p className="form-success" role="status">
          {success}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" disabled={saving || !!success}>
          {saving ? submittingLabel : submitLabel}
        </button>
        {extraActions}
      </div>
    </form>
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
  const text =
    status.state === 'saving'
      ? DRAFT_MESSAGES.saving
      : status.state === 'saved'
        ? DRAFT_MESSAGES.saved
        : status.state === 'failed'
          ? DRAFT_MESSAGES.notSaved(status.reason ?? '')
          : '';
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
