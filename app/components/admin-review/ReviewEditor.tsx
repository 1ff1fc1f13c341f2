// The admin's edit of an article with the shared ArticleForm: several categories (admins may file
// under several), the pictures added, removed and reordered; save-and-approve on the review screen,
// save on the approved-article edit screen. Saves with PUT /api/articles/{id} (multipart: the
// `article` part with its `imageOrder`, and new `images` files; `?approve=true` saves and approves
// in one transaction on the server).
import { ArticleForm } from '../article-form/ArticleForm.tsx';
import { api } from '../../lib/api.ts';
import { failureText } from './feedback.ts';
import type { Article } from '../../../contract/articles.ts';
import type { Category } from '../../../contract/categories.ts';
import { ADMIN_NAVIGATE_DELAY_MS } from '../../../contract/review.ts';
import { ArticleSchema } from '../../../contract/articles.schema.ts';

type Props = {
  article: Article;
  categories: Category[];
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
  categories,
  approve,
  submitLabel,
  successMessage,
  errorPrefix,
  afterSuccess,
  onCancel,
}: Props) {
  return (
    <ArticleForm
      mode="edit"
      initial={article}
      multipleCategories
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
  );
}
