// Edit a published or scheduled article (region optional, the edit video-id messages), its
// pictures too. Admins file under several categories here as in review, so every category the
// article has is shown and kept: a save never drops one silently. A published story stays
// published: after 'Article updated successfully!' the screen returns to the approved list after
// 2 s. A scheduled one keeps its time, or takes a new one (Save & Schedule), or with no time is
// published now (Save & Approve). Below the form: the revision history with restore.
import { useNavigate, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/edit-approved-article';
import { ReviewEditor } from '../../components/admin-review/ReviewEditor.tsx';
import { RevisionHistory } from '../../components/admin-review/Revisions.tsx';
import {
  loadArticleForEdit,
  loadRevisions,
  publishedAddress,
  reviewAct,
  reviewSave,
  type ActResult,
} from '../../components/admin-review/data.ts';
import type { Outcome } from '../../components/dashboard/outcome.ts';
import { isArticleSave } from '../../components/article-form/save.ts';
import { ADMIN_APPROVED, BackTo, DeskPage, loadingScreen } from '../../components/article-form/DeskPage.tsx';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import { FormError } from '../../components/dashboard/Field.tsx';
import { EditingBanner, useEditingPresence } from '../../components/article-form/desk-together.tsx';
import '../../styles/reporter.css';
import '../../styles/admin-review.css';
import { NotesThread } from '../../components/notes/NotesThread.tsx';
import { CorrectionsPanel } from '../../components/notes/CorrectionsPanel.tsx';

export const meta = () => [{ title: 'Edit approved article' }, { name: 'robots', content: 'noindex' }];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const { article, categories } = await loadArticleForEdit(params.id);
  return { article, categories, revisions: article.data ? await loadRevisions(article.data.id) : [] };
}

/** The form's save (reviewSave), or a restore from the history (reviewAct), by the `intent`. */
export async function clientAction({ params, request }: Route.ClientActionArgs): Promise<Outcome<ActResult>> {
  const form = await request.formData();
  return isArticleSave(form) ? reviewSave(Number(params.id), form) : reviewAct(Number(params.id), form);
}

/**
 * After a save the screen says so and leaves: reading the story again would give the form a new
 * revision (its key) and lose the message. A restore reads it again.
 */
export function shouldRevalidate({ formData, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData && isArticleSave(formData) && (actionResult as Outcome | undefined)?.ok) return false;
  // A save refused for a newer version: reading the story again would remount the form (a new
  // revision is its key) and lose the conflict and the typed text.
  if (formData && isArticleSave(formData) && (actionResult as { conflict?: unknown } | undefined)?.conflict) return false;
  return defaultShouldRevalidate;
}

const page = { kind: 'review-page', narrow: true, back: <BackTo {...ADMIN_APPROVED} />, title: 'Edit approved article' } as const;

export const handle: ScreenHandle = { Loading: loadingScreen(page, 'Loading article...') };

export default function EditApprovedArticle({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { article, categories, revisions } = loaderData;
  // Who else has the story open: read-only until taken over.
  const presence = useEditingPresence(article.data?.id ?? null, article.data?.version);
  return (
    <DeskPage {...page}>
      {article.data && categories.data ? (
        <>
          <EditingBanner presence={presence} />
          <ReviewEditor
            locked={presence.locked}
            // A restore gives the form the restored text.
            key={revisions[0]?.id ?? 0}
            article={article.data}
            categories={categories.data}
            approve={false}
            afterSuccess={(scheduled) => void navigate(scheduled ? publishedAddress(article.data.id) : ADMIN_APPROVED.to)}
            onCancel={() => void navigate(ADMIN_APPROVED.to)}
          />
          <RevisionHistory articleId={article.data.id} revisions={revisions} version={article.data.version} />
          <CorrectionsPanel article={article.data} />
          <NotesThread articleId={article.data.id} />
        </>
      ) : (
        <FormError>{article.error ?? categories.error}</FormError>
      )}
    </DeskPage>
  );
}
