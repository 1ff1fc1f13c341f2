// Navigation Bar Management: which categories the bar and drawer show, in order from 1. After a save
// the page's data reloads, so the header above shows the new order at once.
import type { Route } from './+types/navigation';
import { call } from '../../lib/api.ts';
import { requireRole } from '../../lib/guard.ts';
import { loadSelection, readSelection, SelectionScreen } from '../../components/admin-site/CategorySelectionEditor.tsx';
import { outcome, type Outcome } from '../../components/dashboard/outcome.ts';
import { adminMeta } from '../../components/dashboard/screen.ts';
import { NAVIGATION_MESSAGES } from '../../../contract/categories.ts';
import { NAVIGATION_ROUTES, NavigationSelectionSchema } from '../../../contract/navigation.ts';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';

export const meta = () => adminMeta('Navigation Bar Management');
export const handle: ScreenHandle = { loadingText: 'Loading categories...' };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireRole(request, ['ADMIN']);
  const current = call(NAVIGATION_ROUTES.list).then((list) =>
    list.sort((a, b) => a.displayOrder - b.displayOrder).map((n) => n.categoryId),
  );
  return loadSelection(current, {
    categoriesFailed: NAVIGATION_MESSAGES.fetchCategoriesFailed,
    selectionFailed: NAVIGATION_MESSAGES.fetchSelectedFailed,
  });
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<Outcome> {
  const body = NavigationSelectionSchema.parse(
    (await readSelection(request)).map((categoryId, i) => ({ categoryId, displayOrder: i + 1 })),
  );
  return outcome(call(NAVIGATION_ROUTES.replace, { body }), NAVIGATION_MESSAGES.saved, {
    failed: NAVIGATION_MESSAGES.saveFailed,
    errored: NAVIGATION_MESSAGES.saveError,
  });
}

export default function NavigationManagement() {
  return (
    <SelectionScreen
      title="Navigation Bar Management"
      intro="Choose the categories shown in the navigation bar and the menu, and put them in order."
      orderHeading="Order in the navigation bar"
      emptyText="No categories chosen: the navigation bar will be empty."
      saveLabel="Save Changes"
    />
  );
}
