// The staff screens' own shell (admin dashboard, reporter desk, and the account page of staff): the
// site's name, the staff menu ('నా డాష్‌బోర్డ్', 'నా ఖాతా', 'వార్తలు', 'లాగౌట్') and the screen. None of
// the reader's parts: no category bar, ticker, breaking strip, most-read or ads, and no page cache.
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useAuth } from '../../lib/auth.tsx';
import { usePasswordChangeAdvised } from '../../lib/password-advice.ts';
import { MESSAGES } from '../../lib/messages.ts';
import { SITE_NAME } from '../../lib/site.ts';
import { homeForRole } from '../../../contract/roles.ts';
import { STAFF_PASSWORD_MESSAGES } from '../../../contract/staff-password.ts';
import '../../styles/staff-shell.css';

const T = MESSAGES.header;
/** The account page, where the password, two-step sign-in and sessions are. */
export const ACCOUNT_PATH = '/user-dashboard';

export function StaffShell({ children }: { children: ReactNode }) {
  return (
    <>
      <a href="#main" className="skip-link">
        {MESSAGES.common.skipToContent}
      </a>
      <StaffHeader />
      <div id="main" className="staff-main">
        {children}
      </div>
    </>
  );
}

/** The staff shell's header: the site's name, the staff menu, and the password advice when due. */
export function StaffHeader() {
  const { role, loggedIn, logout } = useAuth();
  const advised = usePasswordChangeAdvised();
  const staff = role === 'ADMIN' || role === 'REPORTER';
  return (
    <>
      <header className="staff-header">
        <div className="staff-bar">
          <Link to="/" className="logo">
            <span className="logo-mark" aria-hidden="true">
              తె
            </span>
            <span className="logo-text">{SITE_NAME}</span>
          </Link>
          <nav className="staff-menu" aria-label={MESSAGES.staff.menu}>
            <ul>
              {staff && (
                <li>
                  <NavLink to={homeForRole(role)} end>
                    {T.myDashboard}
                  </NavLink>
                </li>
              )}
              <li>
                <NavLink to={ACCOUNT_PATH}>{T.myAccount}</NavLink>
              </li>
              <li>
                <Link to="/">{MESSAGES.staff.site}</Link>
              </li>
              {loggedIn && (
                <li>
                  <button type="button" className="staff-logout" onClick={() => void logout()}>
                    {T.logout}
                  </button>
                </li>
              )}
            </ul>
          </nav>
        </div>
      </header>
      {advised && staff && (
        <p className="staff-password-advice" role="alert">
          {STAFF_PASSWORD_MESSAGES.changeAdvised} <Link to={`${ACCOUNT_PATH}#section-change-password`}>{T.myAccount}</Link>
        </p>
      )}
    </>
  );
}
