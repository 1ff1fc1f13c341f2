import { createContext, useContext, type AnchorHTMLAttributes } from 'react';
import { Link, NavLink } from 'react-router';

/**
 * True on an islands page (app/islands/): no router runs there in the browser, every link is a full
 * page load. Set by the root layout on the server and by the islands that hydrate links (the header).
 */
export const PlainLinks = createContext(false);

type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  /** A navigation link: marked as the current page where the router runs (NavLink). */
  nav?: boolean;
};

/**
 * A link to another page of the site: React Router's <Link> (or <NavLink>) where the router runs, a
 * plain <a> on an islands page. An article page has dozens of links, and resolving each through the
 * router was a large share of a full render's CPU (docs/performance.md). An islands page is never a
 * category page, so no navigation link on it is the current one.
 */
export function PageLink({ to, nav, ...rest }: PageLinkProps) {
  if (useContext(PlainLinks)) return <a href={to} {...rest} />;
  return nav ? <NavLink to={to} {...rest} /> : <Link to={to} {...rest} />;
}
