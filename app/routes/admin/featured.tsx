// Featured Category Management: the category sections of the home page, in order.
import { api } from '../../lib/api.ts';
import { CategorySelectionEditor } from '../../components/admin-site/CategorySelectionEditor.tsx';
import { failureText, serverMessage } from '../../components/admin-site/feedback.ts';
import { CATEGORY_MESSAGES, FEATURED_MESSAGES } from '../../../contract/categories.ts';
import '../../styles/admin-site.css';
import { CategoryListSchema, FeaturedSavedSchema } from '../../../contract/categories.ts';

const FEATURED = '/admin/homepage/featured-categories';

export function meta() {
  return [{ title: 'Featured Category Management' }, { name: 'robots', content: 'noindex' }];
}

export default function FeaturedCategories() {
  return (
    <main className="page">
      <h1>Featured Category Management</h1>
      <p className="muted">
        Choose the categories whose latest articles appear as sections on the home page, and put them in order.
      </p>
      <CategorySelectionEditor
        categoriesFailed={CATEGORY_MESSAGES.listFailed}
        loadSelection={async () => (await api(FEATURED, CategoryListSchema)).map((c) => c.id)}
        selectionFailed={FEATURED_MESSAGES.fetchFailed}
        saveSelection={async (ids) => {
          const saved = await api(FEATURED, FeaturedSavedSchema, { method: 'POST', body: ids });
          return { ids: saved.categories.map((c) => c.id), message: saved.message || FEATURED_MESSAGES.saved };
        }}
        saveFailure={(error) =>
          serverMessage(error)
            ? `${FEATURED_MESSAGES.saveFailed} ${serverMessage(error)}`
            : failureText(error, FEATURED_MESSAGES.saveFailed, FEATURED_MESSAGES.saveFailed)
        }
        orderHeading="Order on the home page"
        emptyText="No featured categories: the home page shows no category sections."
        saveLabel="Save Featured Categories"
      />
    </main>
  );
}
