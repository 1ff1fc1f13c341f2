// The shell around every page: header with navigation and ticker, then the page.
import { Outlet, useLoaderData } from 'react-router';
import type { Route } from './+types/site-layout';
import { servicesContext } from '../lib/context.ts';
import { Header } from '../components/Header.tsx';
import { Island } from '../islands/Island.tsx';
import { SITE_NAME } from '../lib/site.ts';
import { MESSAGES } from '../lib/messages.ts';
import { keepLoadedPages } from '../components/public/paging.ts';
import { Shared } from '../components/SharedParts.tsx';

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  // The ticker is not here: it is a shared part (app/lib/shared-parts.tsx), joined in by the server.
  return { navigation: await services.navigation.listPublic() };
}

// A list's load-more changes only its `?page=N`: the header's data stays as it is.
export const shouldRevalidate = keepLoadedPages;

export default function SiteLayout() {
  const { navigation } = useLoaderData<typeof loader>();
  return (
    <>
      <a href="#main" className="skip-link">
        {MESSAGES.common.skipToContent}
      </a>
      <Island name="header" component={Header} props={{ navigation }} />
      <div id="main" className="site-main">
        <Outlet />
      </div>
      <footer className="site-footer">
        <p>
          © {new Date().getFullYear()} {SITE_NAME}
        </p>
      </footer>
      <Shared slot="data" />
    </>
  );
}
