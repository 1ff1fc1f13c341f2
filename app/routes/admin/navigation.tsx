// Navigation Bar Management: which categories the bar and drawer show, in order from 1.
import { api } from '../../lib/api.ts';
import { CategorySelectionEditor } from '../../components/admin-site/CategorySelectionEditor.tsx';
import { failureText } from '../../components/admin-site/feedback.ts';
import { NAVIGATION_MESSAGES } from '../../../contract/categories.ts';
import '../../styles/admin-site.css';
import { NavigationListSchema } from '../../../contract/navigation.ts';

export function meta() {
  return [{ title: 'Navigation Bar Management' }, { name: 'robots', content: 'noindex' }];
}

export default function NavigationManagement() {
  return (
    <main className="page">
      <h1>Navigation Bar Management</h1>
      <p className="muted">Choose the categories shown in the navigation bar and the menu, and put them in order.</p>
      <CategorySelectionEditor
        categoriesFailed={NAVIGATION_MESSAGES.fetchCategoriesFailed}
        loadSelection={async () =>
          (await api('/navigation-categories', NavigationListSchema))
            .sort((a, b) => a.displayOrder - b.displayOrder)
            .map((n) => n.categoryId)
        }
        selectionFailed={NAVIGATION_MESSAGES.fetchSelectedFailed}
        saveSelection={async (ids) => {
          const body = ids.map((categoryId, i) => ({ categoryId, displayOrder: i + 1 }));
          const saved = await api('/navigation-categories', NavigationListSchema, { method: 'PUT', body });
          return { ids: saved.map((n) => n.categoryId), message: NAVIGATION_MESSAGES.saved };
        }}
        saveFailure={(error) => failureText(error, NAVIGATION_MESSAGES.saveFailed, NAVIGATION_MESSAGES.saveError)}
        orderHeading="Order in the navigation bar"
        emptyText="No categories chosen: the navigation bar will be empty."
        saveLabel="Save Changes"
      />
    </main>
  );
}
