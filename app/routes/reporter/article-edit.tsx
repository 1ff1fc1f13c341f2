// Edit an own PENDING or REJECTED article, its pictures too; saving resubmits it for review (back
// to PENDING). A rejected one says so: 'Resubmit for review', and after it the badge reads Pending
// (the loader is read again after the route's clientAction saved it: PUT /api/articles/{id}).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Route } from './+types/article-edit';
import { ArticleForm } from '../../components/article-form/ArticleForm.tsx';
import { ArticleStatus } from '../../components/article-form/ArticleView.tsx';
import { loadingScreen, DeskPage, PENDING_REJECTED, ReporterCrumbs } from '../../components/article-form/DeskPage.tsx';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import { loadCategories, loadOwnArticle } from '../../components/article-form/desk-data.ts';
import { FormError } from '../../components/dashboard/Field.tsx';
import { apiForm, saveOutcome } from '../../components/article-form/save.ts';
import type { Outcome } from '../../components/dashboard/outcome.ts';
import { ARTICLE_MESSAGES } from '../../../contract/article-form.ts';
import { ARTICLE_ROUTES } from '../../../contract/reporter.ts';
import { call } from '../../lib/api.ts';
import { EditingBanner, useEditingPresence } from '../../components/article-form/desk-together.tsx';
import '../../styles/reporter.css';
import { NotesThread } from '../../components/notes/NotesThread.tsx';

export const meta = () => [{ title: 'Edit Article' }, { name: 'robots', content: 'noindex' }];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const [own, categories] = await Promise.all([loadOwnArticle(params.id), loadCategories().catch(() => null)]);
  if (!own.data || !categories) return { error: own.error ?? ARTICLE_MESSAGES.loadFailed } as const;
  return { error: null, article: own.data, categories };
}

/** Saves the edit; the loader is then read again, so the status shows the story Pending at once. */
export async function clientAction({ params, request }: Route.ClientActionArgs): Promise<Outcome> {
  const form = apiForm(await request.formData());
  return saveOutcome(call(ARTICLE_ROUTES.update, { params: { id: params.id }, form }));
}

const page = {
  kind: 'reporter-page',
  narrow: true,
  back: <ReporterCrumbs list={PENDING_REJECTED} />,
  title: 'Edit Article',
} as const;

export const handle: ScreenHandle = { Loading: loadingScreen(page, 'Loading article...') };

export default function EditArticleScreen({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  // Whether the story was rejected when the screen opened: the words stay while its badge turns to Pending.
  const [opened] = useState(() => (loaderData.error === null ? loaderData.article : null));
  const shown = loaderData.error === null ? loaderData.article : null;
  const open = shown && shown.approvalStatus !== 'APPROVED' && shown.approvalStatus !== 'SCHEDULED';
  // Who else has the story open (the desk): read-only until taken over.
  const presence = useEditingPresence(open ? shown.id : null, shown?.version);
  if (loaderData.error !== null) {
    return (
      <DeskPage {...page}>
        <FormError>{loaderData.error}</FormError>
      </DeskPage>
    );
  }
  const { article, categories } = loaderData;
  const editable = article.approvalStatus !== 'APPROVED' && article.approvalStatus !== 'SCHEDULED';
  const rejected = (opened?.id === article.id ? opened : article).approvalStatus === 'REJECTED';
  return (
    <DeskPage {...page}>
      <ArticleStatus article={article} />
      <EditingBanner presence={presence} />
      {editable ? (
        <ArticleForm
          locked={presence.locked}
          key={article.id}
          mode="edit"
          initial={article}
          categories={categories}
          preview
          submitLabel={rejected ? ARTICLE_MESSAGES.resubmit : 'Update Article'}
          submittingLabel={rejected ? ARTICLE_MESSAGES.resubmitting : 'Updating...'}
          successMessage={rejected ? ARTICLE_MESSAGES.resubmitted : ARTICLE_MESSAGES.updated}
          afterSuccess={() => navigate(PENDING_REJECTED.to)}
        />
      ) : (
        <p className="form-error">{ARTICLE_MESSAGES.approvedNotEditable}</p>
      )}
      <NotesThread articleId={article.id} />
    </DeskPage>
  );
}
