// The reporter's desk (SPEC.md §2): three links. Open to REPORTER and ADMIN (the layout guards it);
// the screens behind the links are REPORTER only.
import { Link } from 'react-router';
import '../../styles/reporter.css';

export const meta = () => [{ title: 'Reporter Dashboard' }, { name: 'robots', content: 'noindex' }];

export default function ReporterHome() {
  return (
    <main className="page reporter-page">
      <h1>Reporter Dashboard</h1>
      <ul className="dashboard-links">
        <li>
          <Link to="/reporter-dashboard/article-create">Write New Article</Link>
        </li>
        <li>
          <Link to="/reporter-dashboard/my-articles">My Approved Articles</Link>
        </li>
        <li>
          <Link to="/reporter-dashboard/pending-rejected-articles">Pending / Rejected Articles</Link>
        </li>
      </ul>
    </main>
  );
}
