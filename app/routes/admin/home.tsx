// The admin dashboard: one link per sub-route of docs/product.md, with its labels; the article
// tiles show how many stories are in each (GET /api/admin/articles/counts).
import { Link } from 'react-router';
import type { Route } from './+types/home';
import { adminMeta } from '../../components/dashboard/screen.ts';
import { call } from '../../lib/api.ts';
import { REVIEW_ROUTES, type ArticleCounts } from '../../../contract/review.ts';
import '../../styles/admin-review.css';

export const ADMIN_LINKS = [
  { to: '/admin-dashboard/usermanagement', label: 'User Management' },
  { to: '/admin-dashboard/categorymanagement', label: 'Category Management' },
  { to: '/admin-dashboard/pending-articles', label: 'Pending Articles', count: 'pending' },
  { to: '/admin-dashboard/approved-articles', label: 'Approved Articles', count: 'approved' },
  { to: '/admin-dashboard/scheduled-articles', label: 'Scheduled Articles', count: 'scheduled' },
  { to: '/admin-dashboard/navigation-management', label: 'Navigation Bar Management' },
  { to: '/admin-dashboard/featured-categories', label: 'Featured Category Management' },
  { to: '/admin-dashboard/about-us-management', label: 'About Us Management' },
  { to: '/admin-dashboard/ad-management', label: 'Ad Management' },
  { to: '/admin-dashboard/activity', label: 'Activity' },
  { to: '/admin-dashboard/tag-management', label: 'Tag Management' },
  { to: '/admin-dashboard/newsletter', label: 'Newsletter' },
] as const satisfies readonly { to: string; label: string; count?: keyof ArticleCounts }[];

/** What each count says beside its tile (read out with it). */
const COUNT_WORDS: Record<keyof ArticleCounts, string> = {
  pending: 'waiting for review',
  approved: 'published',
  scheduled: 'scheduled',
  rejected: 'rejected',
};

export const meta = () => adminMeta('Admin Dashboard');

/** The counts; without them (the call failed) the tiles are links alone. */
export const clientLoader = () => call(REVIEW_ROUTES.counts).catch(() => null);

export default function AdminHome({ loaderData: counts }: Route.ComponentProps) {
  return (
    <main className="page">
      <h1>Admin Dashboard</h1>
      <nav aria-label="Admin sections">
        <ul className="dashboard-links">
          {ADMIN_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{l.label}</Link>
              {'count' in l && counts && (
                <span className="dashboard-count" data-count={l.count}>
                  {counts[l.count]} <span className="visually-hidden">{COUNT_WORDS[l.count]}</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      </nav>
      {counts && counts.rejected > 0 && (
        <p className="review-hint" data-count="rejected">
          {counts.rejected} {counts.rejected === 1 ? 'story' : 'stories'} rejected, waiting for their reporters.
        </p>
      )}
    </main>
  );
}
