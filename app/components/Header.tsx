// Global navigation: logo, search toggle, menu drawer, category links, ticker.
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SITE_NAME, SOCIAL_LINKS, type NavCategory } from '../lib/site.ts';
import { useAuth } from '../lib/auth.tsx';
import { nextAfterSignIn } from '../lib/access.ts';
import { MESSAGES } from '../lib/messages.ts';
import { homeForRole } from '../../contract/roles.ts';
import { searchPath } from '../../contract/site.ts';
import { SIGN_IN_EVENT, type SignInRequest } from '../lib/sign-in-request.ts';
import { Shared } from './SharedParts.tsx';
import { PageLink } from './PageLink.tsx';
import { ReaderSettings } from './public/ReaderSettings.tsx';

// Loaded on first use: readers who never sign in never download the forms and their validation.
const LoginModal = lazy(() => import('./LoginModal.tsx').then((m) => ({ default: m.LoginModal })));

const T = MESSAGES.header;

export function Header({ navigation }: { navigation: NavCategory[] }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [loginOpen, setLoginOpen] = useState(false);
  // A sign-in the page asked for (the save button): in place, and the asker hears how it ended.
  const [request, setRequest] = useState<SignInRequest | null>(null);
  useEffect(() => {
    const ask = (event: Event) => {
      setRequest((event as CustomEvent<SignInRequest>).detail);
      setDrawerOpen(false);
      setLoginOpen(true);
    };
    window.addEventListener(SIGN_IN_EVENT, ask);
    return () => window.removeEventListener(SIGN_IN_EVENT, ask);
  }, []);
  const closeLogin = () => {
    request?.done(false);
    setRequest(null);
    setLoginOpen(false);
  };
  const location = useLocation();
  const { loading, loggedIn, role } = useAuth();
  useEffect(() => setDrawerOpen(false), [location.pathname, location.search]);
  // A signed-out visitor sent home from a dashboard link (`/?next=...`) is asked to sign in at once.
  const next = nextAfterSignIn(location);
  useEffect(() => {
    if (next && !loading && !loggedIn) setLoginOpen(true);
  }, [next, loading, loggedIn]);

  return (
    <header className="site-header">
      <div className="header-bar">
        <button
          type="button"
          className="icon-button"
          aria-label={T.menu}
          aria-expanded={drawerOpen}
          aria-controls="site-drawer"
          onClick={() => setDrawerOpen(true)}
        >
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        {/* The visible name is the accessible name (WCAG 2.5.3): a screen reader says what is shown. */}
        <PageLink to="/" className="logo">
          <span className="logo-mark" aria-hidden="true">
            తె
          </span>
          <span className="logo-text">{SITE_NAME}</span>
        </PageLink>
        {/* Beside the search on a wide screen; in the menu on every screen. */}
        <ReaderSettings className="header-reader-settings" />
        <SearchToggle />
        {/* A wide screen signs in from the bar (a phone from the menu): the account's page once signed in. */}
        {loggedIn ? (
          <PageLink to={homeForRole(role)} className="header-login">
            {role === 'ADMIN' || role === 'REPORTER' ? T.myDashboard : T.myAccount}
          </PageLink>
        ) : (
          <button type="button" className="header-login secondary" onClick={() => setLoginOpen(true)}>
            {T.login}
          </button>
        )}
      </div>
      <nav className="category-nav" aria-label={T.categories}>
        <CategoryLinks navigation={navigation} />
      </nav>
      {/* Shared by every page and joined in by the server when answering (app/lib/shared-parts.tsx). */}
      <Shared slot="ticker" />
      <Drawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        navigation={navigation}
        onLogin={() => {
          setDrawerOpen(false);
          setLoginOpen(true);
        }}
      />
      {/* Tapped before the sign-in check answered (the page is the same for everyone): an account
          already signed in gets no form; the bar's button has become its account's link. */}
      {loginOpen && !(loggedIn && !request) && (
        <Suspense fallback={null}>
          <LoginModal
            open={loginOpen}
            onClose={closeLogin}
            reason={request?.reason ?? (next ? MESSAGES.login.signInToContinue : undefined)}
            stay={!!request}
            onSignedIn={() => request?.done(true)}
          />
        </Suspense>
      )}
    </header>
  );
}

/** The navigation bar's categories: the bar under the logo and the drawer list the same links. */
function CategoryLinks({ navigation, className }: { navigation: NavCategory[]; className?: string }) {
  return (
    <ul className={className}>
      {navigation.map((c) => (
        <li key={c.categoryId}>
          <PageLink nav to={`/public/articles/category/${c.categoryId}`}>
            {c.categoryName}
          </PageLink>
        </li>
      ))}
    </ul>
  );
}

function SearchToggle() {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Only a non-blank query is submitted.
    const q = query.trim();
    if (!q) return;
    navigate(searchPath(q));
    setOpen(false);
  };
  // The open form takes a row of its own on a phone (public.css), so the site's name keeps its room.
  return (
    <>
      <button
        type="button"
        className="icon-button search-button"
        aria-label={open ? T.closeSearch : T.search}
        aria-expanded={open}
        aria-controls={open ? `${id}-form` : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" stroke="currentColor" strokeWidth="2" fill="none" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <form id={`${id}-form`} className="header-search" role="search" action="/search" onSubmit={submit}>
          <label htmlFor={id} className="visually-hidden">
            {T.searchLabel}
          </label>
          <input
            ref={inputRef}
            id={id}
            name="query"
            type="search"
            enterKeyHint="search"
            placeholder={T.searchPlaceholder}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <button type="submit">{MESSAGES.search.button}</button>
        </form>
      )}
    </>
  );
}

function Drawer({
  open,
  onClose,
  navigation,
  onLogin,
}: {
  open: boolean;
  onClose: () => void;
  navigation: NavCategory[];
  onLogin: () => void;
}) {
  const { loggedIn, role, logout } = useAuth();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  const staff = role === 'ADMIN' || role === 'REPORTER';
  return (
    <>
      {open && <div className="drawer-backdrop" onClick={onClose} aria-hidden="true" />}
      <aside id="site-drawer" className={open ? 'drawer open' : 'drawer'} aria-label={T.menu} aria-hidden={!open} inert={!open}>
        <button ref={closeRef} type="button" className="icon-button drawer-close" aria-label={T.closeMenu} onClick={onClose}>
          ×
        </button>
        {loggedIn && (
          // The way back from the reading side: staff to their dashboard, a reader to the account page.
          <PageLink to={homeForRole(role)} className="drawer-dashboard">
            {staff ? T.myDashboard : T.myAccount}
          </PageLink>
        )}
        <ReaderSettings className="drawer-reader-settings" />
        <nav aria-label={T.drawerCategories}>
          <CategoryLinks navigation={navigation} className="drawer-categories" />
        </nav>
        <ul className="drawer-social" aria-label={T.social}>
          {SOCIAL_LINKS.map((s) => (
            <li key={s.label}>
              <a href={s.href} target="_blank" rel="noopener noreferrer">
                {s.label}
              </a>
            </li>
          ))}
        </ul>
        <PageLink to="/about-us" className="drawer-about">
          {T.aboutUs}
        </PageLink>
        {loggedIn ? (
          <button
            type="button"
            className="drawer-auth"
            onClick={() => {
              onClose();
              void logout();
            }}
          >
            {T.logout}
          </button>
        ) : (
          <button type="button" className="drawer-auth" onClick={onLogin}>
            {T.login}
          </button>
        )}
      </aside>
    </>
  );
}
