// Newsroom identity shown in the shell.
export { FEED_PATHS, SITE_NAME, SITE_TAGLINE } from '../../contract/site.ts';

export const SOCIAL_LINKS = [
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'X (Twitter)', href: 'https://x.com/' },
  { label: 'YouTube', href: 'https://www.youtube.com/' },
  { label: 'Instagram', href: 'https://www.instagram.com/' },
] as const;

export type NavCategory = { categoryId: number; categoryName: string };
/** A ticker item; breaking news leads the ticker with its own label. */
export type Headline = { id: number; title: string; breaking?: true };
