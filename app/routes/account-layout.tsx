// The account page's shell: staff get the staff shell (their menu, no reader's parts), readers the
// site's own (header with the categories, footer). The server renders the reader's (it does not know
// who is asking); the staff shell replaces it once the browser knows the role. The page itself stays
// in place, so nothing it holds is lost. No cachePolicy: never kept by the page cache.
import { Outlet, useLoaderData } from 'react-router';
import type { Route } from './+types/account-layout';
import { servicesContext } from '../lib/context.ts';
import { useAuth } from '../lib/auth.tsx';
import { Header } from '../components/Header.tsx';
import { Island } from '../islands/Island.tsx';
import { StaffHeader } from '../components/staff/StaffShell.tsx';
import { Shared } from '../components/SharedParts.tsx';
import { MESSAGES } from '../lib/messages.ts';
import { SITE_NAME } from '../lib/site.ts';
import { isStaffRole } from '../../contract/staff-password.ts';
import '../styles/staff-shell.css';

export async function loader({ context }: Route.LoaderArgs) {
  return { navigation: await context.get(servicesContext).navigation.listPublic() };
}

export default function AccountLayout() {
  const { navigation } = useLoaderData<typeof loader>();
  const staff = isStaffRole(useAuth().role);
  return (
    <>
      <a href="#main" className="skip-link">
        {MESSAGES.common.skipToContent}
      </a>
      {staff ? <StaffHeader /> : <Island name="header" component={Header} props={{ navigation }} />}
      <div id="main" className={staff ? 'staff-main' : 'site-main'}>
        <Outlet />
      </div>
      {!staff && (
        <footer className="site-footer">
          <p>
            © {new Date().getFullYear()} {SITE_NAME}
          </p>
        </footer>
      )}
      {!staff && <Shared slot="data" />}
    </>
  );
}
