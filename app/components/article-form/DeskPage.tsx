// The frame of every desk screen (the reporter's and the admin's article screens): the way back,
// the heading, the content. Their loading state (`handle.Loading`, drawn by the dashboard layout's
// fallback) uses it too, so the loading text sits where the content will be.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = {
  /** 'reporter-page' (the reporter's desk) or 'review-page' (the admin's article screens). */
  kind: 'reporter-page' | 'review-page';
  narrow?: boolean;
  back?: ReactNode;
  title?: string;
  children?: ReactNode;
};

export function DeskPage({ kind, narrow = false, back, title, children }: Props) {
  return (
    <main className={`page${narrow ? ' narrow' : ''} ${kind}`}>
      {back}
      {title && <h1>{title}</h1>}
      {children}
    </main>
  );
}

/** A screen's `handle.Loading`: its frame with its loading text where the content will be. */
export function loadingScreen(page: Omit<Props, 'children'>, text: string) {
  return function ScreenLoading() {
    return (
      <DeskPage {...page}>
        <p role="status">{text}</p>
      </DeskPage>
    );
  };
}

/** The reporter's breadcrumb: the dashboard, then the list the screen belongs to. */
export function ReporterCrumbs({ list }: { list?: { to: string; label: string } }) {
  return (
    <p className="breadcrumb">
      <Link to="/reporter-dashboard">Reporter Dashboard</Link>
      {list && (
        <>
          {' / '}
          <Link to={list.to}>{list.label}</Link>
        </>
      )}
    </p>
  );
}

/** The admin's way back to the list the screen was opened from. */
export function BackTo({ to, label }: { to: string; label: string }) {
  return (
    <p className="review-back">
      <Link to={to}>← {label}</Link>
    </p>
  );
}

export const PENDING_REJECTED = { to: '/reporter-dashboard/pending-rejected-articles', label: 'Pending / Rejected Articles' };
export const MY_APPROVED = { to: '/reporter-dashboard/my-articles', label: 'My Approved Articles' };
export const ADMIN_PENDING = { to: '/admin-dashboard/pending-articles', label: 'Pending Articles' };
export const ADMIN_APPROVED = { to: '/admin-dashboard/approved-articles', label: 'Approved Articles' };
