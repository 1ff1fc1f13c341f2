// The admin's edit of an article with the shared ArticleForm: several categories and
// save-and-approve on the review screen, one category on the approved-article edit screen.
// Saves with PUT /api/articles/{id} (multipart, `article` part only; `?approve=true` saves and
// approves in one transaction on the server).
import { useEffect, useState } from 'react';
import { ArticleForm, type Category } from '../article-form/ArticleForm.tsx';
import { api } from '../../lib/api.ts';
import { failureText } from './feedback.ts';
import type { Article } from '../../../contract/articles.ts';
import { ADMIN_NAVIGATE_DELAY_MS, REVIEW_ERRORS } from '../../../contract/review.ts';
import { ArticleSchema } from '../../../contract/articles.schema.ts';
import { CategoryListSchema } from '../../../contract/categories.ts';

type Props = {
  article: Article;
  multipleCategories: boolean;
  approve: boolean;
  submitLabel: string;
  successMessage: string;
  /**
   * Prefix of the failure text (docs/product.md admin alerts), followed by the server's message. Without
   * it the form shows docs/product.md's article-save text 'HTTP error! status: {code}, message: {body}'.
   */
  errorPrefix?: string;
  /** Called 2 s after the success message (navigation). */
  afterSuccess: () => void;
  onCancel?: () => void;
};

export function ReviewEditor({
  article,
  multipleCategories,
  approve,
  submitLabel,
  successMessage,
  errorPrefix,
  afterSuccess,
  onCancel,
}: Props) {
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    api('/categories', CategoryListSchema)
      .then((list) => !cancelled && setCategories(list))
      .catch((e) => !cancelled && setError(REVIEW_ERRORS.fetchCategories + failureText(e)));
    return () => {
      cancelled = true;
    };
  }, []);

  if (error) {
    return (
      <p className="form-error" role="alert">
        {error}
      </p>
    );
  }
  if (!categories) return <p role="status">Loading categories...</p>;
  // One-category screens keep the primary (first) category; the others would be dropped on save.
  const dropped = multipleCategories ? [] : article.categories.slice(1);
  const initial = dropped.length ? { ...article, categories: article.categories.slice(0, 1) } : article;
  return (
    <>
      {dropped.length > 0 && (
        <p className="review-hint" role="note">
          This screen keeps one category. Saving keeps {article.categories[0].name} and removes{' '}
          {dropped.map((c) => c.name).join(', ')}.
        </p>
      )}
      <ArticleForm
        mode="edit"
        initial={initial}
        multipleCategories={multipleCategories}
        categories={categories}
        submitLabel={submitLabel}
        submittingLabel="Saving..."
        successMessage={successMessage}
        successDelayMs={ADMIN_NAVIGATE_DELAY_MS}
        afterSuccess={afterSuccess}
        onSubmit={async (formData) => {
          try {
            await api(`/articles/${article.id}${approve ? '?approve=true' : ''}`, ArticleSchema, {
              method: 'PUT',
              body: formData,
            });
          } catch (e) {
            // The form shows an Error's message as it is: the review screen's docs/product.md wording.
            throw errorPrefix ? new Error(errorPrefix + failureText(e)) : e;
          }
        }}
        extraActions={
          onCancel && (
            <button type="button" className="secondary" onClick={onCancel}>
              Cancel
            </button>
          )
        }
      />
    </>
  );
}
