// The All Users screen's questions: every role change and deletion first asks (in the page) and says
// what will happen; a reporter's articles are counted by the server at that moment, so a reporter
// with none takes the direct path and one with some goes through Reassign Articles. The confirmed
// change is submitted to the route's clientAction (routes/admin/users.tsx), after which React Router
// loads the list again; a refusal keeps its question open with the reason, a success closes it and
// is announced in the screen's live region.
import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import type { PasswordResetLink } from '../../../contract/auth.ts';
import type { Role } from '../../../contract/roles.ts';
import { USER_MESSAGES, USER_ROUTES, USERS_PAGE_MAX, type UserSummary } from '../../../contract/users.ts';
import { call } from '../../lib/api.ts';
import type { Notice } from '../dashboard/notice.tsx';
import type { Outcome } from '../dashboard/outcome.ts';

export type ReassignFlow = 'role' | 'delete';

export type PendingChange =
  | { kind: 'role'; user: UserSummary; role: Role }
  | { kind: 'delete'; user: UserSummary }
  | {
      kind: 'reassign';
      flow: ReassignFlow;
      user: UserSummary;
      /** The role picked in the row's dropdown (the role flow); the reporter becomes USER whatever it was. */
      chosenRole: Role | null;
      /** The server's count of the reporter's articles, read when the change was asked for. */
      articleCount: number;
      /** Every other reporter. */
      candidates: UserSummary[];
    };

/** The writes of the All Users screen, by the `intent` field of their submission. */
export type UserIntent = 'role' | 'delete' | 'reassign-role' | 'reassign-delete' | 'reset-link';

/** What the route's clientAction answers beside the outcome's text, for a reset link: the link and its account. */
export type IssuedLink = { userId?: number; link?: PasswordResetLink };

/** The role a reporter who hands over the articles gets (the reassign call's newRole, docs/product.md). */
export const ROLE_AFTER_REASSIGN = 'USER' satisfies Role;

/** Every reporter, page by page, so the dropdown is complete however many there are. */
async function fetchAllReporters(): Promise<UserSummary[]> {
  const all: UserSummary[] = [];
  for (let page = 0; ; page++) {
    const res = await call(USER_ROUTES.list, { query: { role: 'REPORTER', page, size: USERS_PAGE_MAX } });
    all.push(...res.content);
    if (page + 1 >= res.totalPages) return all;
  }
}

/** The submission of a confirmed change (`toReporterId`: the reporter chosen in Reassign Articles). */
function submissionOf(change: PendingChange, toReporterId?: number): Record<string, string | number> | null {
  const { user } = change;
  if (change.kind === 'role') return { intent: 'role', username: user.username, role: change.role };
  if (change.kind === 'delete') return { intent: 'delete', id: user.id };
  if (toReporterId === undefined) return null;
  return change.flow === 'role'
    ? {
        intent: 'reassign-role',
        fromReporterId: user.id,
        toReporterId,
        newRole: ROLE_AFTER_REASSIGN,
        username: user.username,
      }
    : { intent: 'reassign-delete', fromReporterId: user.id, toReporterId };
}

export function useUserChanges() {
  const [pending, setPending] = useState<PendingChange | null>(null);
  // Each question has its own fetcher, so an earlier answer never shows under a later question.
  const [asked, setAsked] = useState(0);
  const changer = useFetcher<Outcome<IssuedLink>>({ key: `all-users-change-${asked}` });
  const busy = changer.state !== 'idle';
  /** The answer to the confirmed change, once the list has loaded again. */
  const answer = changer.state === 'idle' ? changer.data : undefined;
  /** The row whose reporter is being counted: its controls wait. */
  const [checking, setChecking] = useState<number | null>(null);
  const [checkFailed, setCheckFailed] = useState(false);
  const [announced, setAnnounced] = useState<Outcome<IssuedLink> | null>(null);

  useEffect(() => {
    if (!answer?.ok) return;
    // A success closes its question first (its dialog closes in its own effect, before this one
    // runs again) and is announced after: a live region behind an open modal dialog is not read out.
    if (pending) setPending(null);
    else setAnnounced(answer);
  }, [answer, pending]);

  /** A new change starts: the last outcome leaves the page. */
  function start() {
    setAsked((n) => n + 1);
    setCheckFailed(false);
  }

  async function askAboutReporter(user: UserSummary, direct: PendingChange, flow: ReassignFlow, chosenRole: Role | null) {
    setChecking(user.id);
    try {
      const reporters = await fetchAllReporters();
      const articleCount = reporters.find((r) => r.id === user.id)?.articleCount ?? user.articleCount;
      const candidates = reporters.filter((r) => r.id !== user.id);
      setPending(articleCount === 0 ? direct : { kind: 'reassign', flow, user, chosenRole, articleCount, candidates });
    } catch {
      setCheckFailed(true);
    } finally {
      setChecking(null);
    }
  }

  function changeRole(user: UserSummary, role: Role) {
    if (role === user.role) return;
    start();
    const direct: PendingChange = { kind: 'role', user, role };
    if (user.role === 'REPORTER') void askAboutReporter(user, direct, 'role', role);
    else setPending(direct);
  }

  function remove(user: UserSummary) {
    start();
    const direct: PendingChange = { kind: 'delete', user };
    if (user.role === 'REPORTER') void askAboutReporter(user, direct, 'delete', null);
    else setPending(direct);
  }

  function confirm(toReporterId?: number) {
    if (!pending || busy) return;
    const submission = submissionOf(pending, toReporterId);
    if (submission) void changer.submit(submission, { method: 'post' });
  }

  const notice: Notice = checkFailed
    ? { ok: false, text: USER_MESSAGES.fetchReportersError }
    : answer?.ok && announced === answer
      ? { ok: true, text: answer.text }
      : null;

  return {
    pending,
    /** Why the confirmed change failed, shown in its question. */
    error: answer && !answer.ok ? answer.text : null,
    busy,
    checking,
    notice,
    changeRole,
    remove,
    confirm,
    cancel: () => !busy && setPending(null),
  };
}
