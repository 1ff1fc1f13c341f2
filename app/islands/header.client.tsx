// The header island, loaded when a reader first touches the header of an islands page: the header
// needs React Router (links, search, sign-in), which a reader who only reads never downloads.
// Every navigation it asks for is a full page load.
import type { ReactNode } from 'react';
import { createPath, Router, type Navigator, type To } from 'react-router';
import { Header } from '../components/Header.tsx';
import { AuthProvider } from '../lib/auth.tsx';
import { PlainLinks } from '../components/PageLink.tsx';

const href = (to: To) => (typeof to === 'string' ? to : createPath(to));

const documentNavigator: Navigator = {
  createHref: href,
  push: (to) => window.location.assign(href(to)),
  replace: (to) => window.location.replace(href(to)),
  go: (delta) => window.history.go(delta),
};

export function headerIsland(props: Parameters<typeof Header>[0]): ReactNode {
  const { pathname, search, hash } = window.location;
  return (
    <Router location={{ pathname, search, hash }} navigator={documentNavigator}>
      <AuthProvider>
        {/* As on the server: plain links, so hydration matches and every link is a page load. */}
        <PlainLinks value={true}>
          <Header {...props} />
        </PlainLinks>
      </AuthProvider>
    </Router>
  );
}
