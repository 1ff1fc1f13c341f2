// Write New Article. Served at /reporter-dashboard/article-create and /write-article (same module,
// app/routes.ts); the first address is rewritten to the second.
//
// The form saves itself as a draft (app/components/article-form/draft-autosave.ts). Opening the
// screen resumes the draft in progress (?draft=<id> opens a given one from the drafts list): the
// text kept in this browser wins when the server never received it. A new article's Author starts
// with the reporter's display name. Submitting goes through the route's clientAction: the draft is
// submitted (POST /api/articles/drafts/{id}/submit), or, when nothing was autosaved yet, the article
// is created (POST /api/articles).
import { useState } from 'react';
import { redirect, useNavigate, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/article-create';
import { ArticleForm } from '../../components/article-form/ArticleForm.tsx';
import { apiForm, isArticleSave, SAVE_FIELDS, saveOutcome } from '../../components/article-form/save.ts';
import type { Outcome } from '../../components/dashboard/outcome.ts';
import { loadAuthorName, loadCategories } from '../../components/article-form/desk-data.ts';
import { loadingScreen, DeskPage, ReporterCrumbs } from '../../components/article-form/DeskPage.tsx';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import { FormError } from '../../components/dashboard/Field.tsx';
import { DisplayNamePrompt } from '../../components/article-form/DisplayNamePrompt.tsx';
import type { DraftStart } from '../../components/article-form/draft-autosave.ts';
import {
  clearLocalDraft,
  loadLocalDraftOwner,
  readLocalDraft,
  type LocalDraft,
} from '../../components/article-form/draft-storage.ts';
import { ARTICLE_MESSAGES, type ArticlePayload } from '../../../contract/article-form.ts';
import type { Article } from '../../../contract/articles.ts';
import { ApiRequestError, call } from '../../lib/api.ts';
import { ARTICLE_ROUTES, DRAFT_ROUTES } from '../../../contract/reporter.ts';
import { KeptText } from '../../components/article-form/desk-together.tsx';
import '../../styles/reporter.css';

export const meta = () => [{ title: 'Write New Article' }, { name: 'robots', content: 'noindex' }];

export const WRITE_ARTICLE_PATH = '/reporter-dashboard/write-article';

type Opened = { key: string; initial?: Article; start: DraftStart; kept?: ArticlePayload };

/** The form's fields from what the browser kept (images are the server's). */
const fromLocal = (local: LocalDraft, imageUrls: string[]): Article =>
  ({
    ...local.values,
    youtubeVideoId: local.values.youtubeVideoId || null,
    region: local.values.region || null,
    categories: local.values.categoryIds.map((id) => ({ id, name: '' })),
    summary: local.values.summary ?? '',
    imageUrls,
    images: [],
  }) as unknown as Article;

const fresh = (): Opened => ({ key: `new-${Date.now()}`, start: { draftId: null, version: 1, imageUrls: [] } });

async function openDraft(requested: number | null): Promise<Opened> {
  await loadLocalDraftOwner();
  const local = readLocalDraft();
  const id = requested ?? local?.draftId ?? null;
  const mine = local && local.draftId === id ? local : null;
  if (id === null) {
    return local?.dirty
      ? { key: 'local', initial: fromLocal(local, []), start: { draftId: null, version: 1, imageUrls: [], unsent: true } }
      : fresh();
  }
  try {
    const server = await call(DRAFT_ROUTES.get, { params: { id } });
    if (mine?.dirty) {
      // A keepalive save sent on close that arrived moved the server one version on, with this text.
      const version = mine.closeSent && server.version === mine.version + 1 ? server.version : mine.version;
      return {
        key: `d${id}`,
        initial: fromLocal(mine, server.imageUrls),
        start: { draftId: id, version, imageUrls: server.imageUrls, unsent: true },
      };
    }
    return { key: `d${id}`, initial: server, start: { draftId: id, version: server.version, imageUrls: server.imageUrls } };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) {
      // Submitted or deleted elsewhere: unsent text becomes a new draft, else a clean form.
      if (mine?.dirty)
        return { key: 'orphan', initial: fromLocal(mine, []), start: { draftId: null, version: 1, imageUrls: [], unsent: true } };
      if (mine) clearLocalDraft();
      return fresh();
    }
    // The server cannot be reached: carry on with what this browser kept.
    if (mine)
      return {
        key: 'offline',
        initial: fromLocal(mine, mine.imageUrls),
        start: { draftId: id, version: mine.version, imageUrls: mine.imageUrls, unsent: mine.dirty },
      };
    return fresh();
  }
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  if (url.pathname.replace(/\/$/, '').endsWith('/article-create')) throw redirect(`${WRITE_ARTICLE_PATH}${url.search}`);
  const requested = Number(url.searchParams.get('draft')) || null;
  const [opened, categories, authorName] = await Promise.all([
    openDraft(requested),
    loadCategories().catch(() => null),
    loadAuthorName(),
  ]);
  return { opened, requested, categories, authorName };
}

/** Submits the article: its autosaved draft (`draftId`), else a new article. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<Outcome> {
  const form = await request.formData();
  const draftId = Number(form.get(SAVE_FIELDS.draftId)) || null;
  const api = apiForm(form);
  return saveOutcome(
    draftId ? call(DRAFT_ROUTES.submit, { params: { id: draftId }, form: api }) : call(ARTICLE_ROUTES.create, { form: api }),
  );
}

/**
 * A submit leaves the screen (or stays on its answer): reading the draft again would give the form
 * a new start (a new key) and lose what it shows.
 */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData && isArticleSave(formData) ? false : defaultShouldRevalidate;
}

const page = { kind: 'reporter-page', narrow: true, back: <ReporterCrumbs />, title: 'Write New Article' } as const;

export const handle: ScreenHandle = { Loading: loadingScreen(page, 'Loading draft...') };

export default function WriteArticleScreen({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { requested, categories, authorName } = loaderData;
  // What the form shows: the loaded draft, a fresh form, or the newer version from elsewhere.
  const [chosen, setChosen] = useState<{ from: Opened; opened: Opened } | null>(null);
  const opened = chosen?.from === loaderData.opened ? chosen.opened : loaderData.opened;
  const show = (next: Opened) => setChosen({ from: loaderData.opened, opened: next });
  // No display name yet: asked for above a fresh story's form; the empty Author field then takes it.
  const [named, setNamed] = useState<string | null>(authorName);
  const askName = named === null && opened.start.draftId === null && !opened.initial;

  return (
    <DeskPage {...page}>
      {!categories ? (
        <FormError>{ARTICLE_MESSAGES.loadFailed}</FormError>
      ) : (
        <>
          {askName && <DisplayNamePrompt onDone={setNamed} />}
          {opened.start.draftId !== null && (
            <p className="draft-note">
              Continuing your draft.{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  clearLocalDraft();
                  show(fresh());
                  if (requested) void navigate(WRITE_ARTICLE_PATH, { replace: true });
                }}
              >
                Start a new article
              </button>
            </p>
          )}
          {/* The text typed before the newer version was loaded: shown to copy from. */}
          {opened.kept && <KeptText values={opened.kept} />}
          <ArticleForm
            key={opened.key}
            mode="create"
            initial={opened.initial}
            categories={categories}
            defaultAuthor={named ?? ''}
            preview
            submitLabel="Submit Article"
            submittingLabel="Submitting..."
            successMessage={ARTICLE_MESSAGES.submitted}
            autosave={{
              start: opened.start,
              onLoadNewer: (draft, typed) =>
                show({
                  key: `d${draft.id}-v${draft.version}`,
                  initial: draft,
                  start: { draftId: draft.id, version: draft.version, imageUrls: draft.imageUrls },
                  kept: typed,
                }),
            }}
            afterSuccess={() => navigate('/reporter-dashboard/pending-rejected-articles')}
          />
        </>
      )}
    </DeskPage>
  );
}
