// Featured Category Management: the category sections of the home page, in order.
import type { Route } from './+types/featured';
import { call } from '../../lib/api.ts';
import { requireRole } from '../../lib/guard.ts';
import { loadSelection, readSelection, SelectionScreen } from '../../components/admin-site/CategorySelectionEditor.tsx';
import { withReason } from '../../components/dashboard/failure.ts';
import { outcome, refused, type Outcome } from '../../components/dashboard/outcome.ts';
import { adminMeta } from '../../components/dashboard/screen.ts';
import { CATEGORY_MESSAGES, FEATURED_MESSAGES, FeaturedSelectionSchema } from '../../../contract/categories.ts';
import { FEATURED_ROUTES } from '../../../contract/featured.ts';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';

export const meta = () => adminMeta('Featured Category Management');
export const handle: ScreenHandle = { loadingText: 'Loading categories...' };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireRole(request, ['ADMIN']);
  const current = call(FEATURED_ROUTES.list).then((list) => list.map((c) => c.id));
  return loadSelection(current, {
    categoriesFailed: CATEGORY_MESSAGES.listFailed,
    selectionFailed: FEATURED_MESSAGES.fetchFailed,
  });
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<Outcome> {
  const ids = FeaturedSelectionSchema.safeParse(await readSelection(request));
  if (!ids.success) return refused(ids.error.issues[0]?.message ?? FEATURED_MESSAGES.saveFailed);
  return outcome(
    call(FEATURED_ROUTES.replace, { body: ids.data }),
    (saved) => saved.message || FEATURED_MESSAGES.saved,
    (error) => withReason(FEATURED_MESSAGES.saveFailed, error),
  );
}

export default function FeaturedCategories() {
  return (
    <SelectionScreen
      title="Featured Category Management"
      intro="Choose the categories whose latest articles appear as sections on the home page, and put them in order."
      orderHeading="Order on the home page"
      emptyText="No featured categories: the home page shows no category sections."
      saveLabel="Save Featured Categories"
    />
  );
}
