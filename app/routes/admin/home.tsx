// The admin dashboard: one link per sub-route of docs/product.md, with its labels.
import { Link } from 'react-router';
import { adminMeta } from '../../components/admin-site/screen.ts';

export const ADMIN_LINKS = [
  { to: '/admin-dashboard/usermanagement', label: 'User Management' },
  { to: '/admin-dashboard/categorymanagement', label: 'Category Management' },
  { to: '/admin-dashboard/pending-articles', label: 'Pending Articles' },
  { to: '/admin-dashboard/approved-articles', label: 'Approved Articles' },
  { to: '/admin-dashboard/scheduled-articles', label: 'Scheduled Articles' },
  { to: '/admin-dashboard/navigation-management', label: 'Navigation Bar Management' },
  { to: '/admin-dashboard/featured-categories', label: 'Featured Category Management' },
  { to: '/admin-dashboard/about-us-management', label: 'About Us Management' },
  { to: '/admin-dashboard/ad-management', label: 'Ad Management' },
  { to: '/admin-dashboard/activity', label: 'Activity' },
  { to: '/admin-dashboard/tag-management', label: 'Tag Management' },
] as const;

export const meta = () => adminMeta('Admin Dashboard');

export default function AdminHome() {
  return (
    <main className="page">
      <h1>Admin Dashboard</h1>
      <nav aria-label="Admin sections">
        <ul className="dashboard-links">
          {ADMIN_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{l.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}
