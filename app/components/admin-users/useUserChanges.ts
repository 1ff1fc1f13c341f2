// The All Users screen's changes: every role change and deletion first asks (in the page) and says
// what will happen; a reporter's articles are counted by the server at that moment, so a reporter
// with none takes the direct path and one with some goes through Reassign Articles. Outcomes go to
// the screen's live region; a failed call keeps its question open with the reason.
import { useState } from 'react';
import type { Role } from '../../../contract/roles.ts';
import { USER_MESSAGES, USER_ROUTES, USERS_PAGE_MAX, type UserSummary } from '../../../contract/users.ts';
import { call } from '../../lib/api.ts';
import { withReason } from '../dashboard/failure.ts';
import type { Notice } from '../dashboard/notice.tsx';

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

const nowRole = (user: UserSummary, role: Role) => `${user.username} is now ${role}.`;

/** `refresh` reloads the list (the loader); it resolves once the rows show the server's state. */
export function useUserChanges(refresh: () => Promise<void>) {
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The row whose reporter is being counted: its controls wait. */
  const [checking, setChecking] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  function ask(change: PendingChange | null) {
    setError(null);
    setPending(change);
  }

  async function askAboutReporter(user: UserSummary, direct: PendingChange, flow: ReassignFlow, chosenRole: Role | null) {
    setChecking(user.id);
    try {
      const reporters = await fetchAllReporters();
      const articleCount = reporters.find((r) => r.id === user.id)?.articleCount ?? user.articleCount;
      const candidates = reporters.filter((r) => r.id !== user.id);
      ask(articleCount === 0 ? direct : { kind: 'reassign', flow, user, chosenRole, articleCount, candidates });
    } catch {
      setNotice({ ok: false, text: USER_MESSAGES.fetchReportersError });
    } finally {
      setChecking(null);
    }
  }

  function changeRole(user: UserSummary, role: Role) {
    if (role === user.role) return;
    setNotice(null);
    const direct: PendingChange = { kind: 'role', user, role };
    if (user.role === 'REPORTER') void askAboutReporter(user, direct, 'role', role);
    else ask(direct);
  }

  function remove(user: UserSummary) {
    setNotice(null);
    const direct: PendingChange = { kind: 'delete', user };
    if (user.role === 'REPORTER') void askAboutReporter(user, direct, 'delete', null);
    else ask(direct);
  }

  /** Runs the confirmed call; on success the question closes, the list reloads, then the outcome is announced. */
  async function run(call: () => Promise<unknown>, success: string, failure: string) {
    setBusy(true);
    try {
      await call();
    } catch (e) {
      setError(withReason(failure, e));
      setBusy(false);
      return;
    }
    ask(null);
    // Announced once the dialog has closed and the rows are current (an inert page would not be read out).
    await refresh();
    setBusy(false);
    setNotice({ ok: true, text: success });
  }

  function confirm(toReporterId?: number) {
    if (!pending || busy) return;
    const { user } = pending;
    if (pending.kind === 'role') {
      void run(
        () => call(USER_ROUTES.assignRole, { body: { username: user.username, role: pending.role } }),
        `${USER_MESSAGES.roleChanged} ${nowRole(user, pending.role)}`,
        USER_MESSAGES.assignRoleError,
      );
    } else if (pending.kind === 'delete') {
      void run(() => call(USER_ROUTES.remove, { params: { id: user.id } }), USER_MESSAGES.deleted, USER_MESSAGES.deleteError);
    } else if (toReporterId !== undefined && pending.flow === 'role') {
      void run(
        () =>
          call(USER_ROUTES.reassignAndUpdateRole, {
            body: { fromReporterId: user.id, toReporterId, newRole: ROLE_AFTER_REASSIGN },
          }),
        `${USER_MESSAGES.reassignedAndRoleChanged} ${nowRole(user, ROLE_AFTER_REASSIGN)}`,
        USER_MESSAGES.reassignRoleError,
      );
    } else if (toReporterId !== undefined) {
      void run(
        () => call(USER_ROUTES.reassignAndDelete, { body: { fromReporterId: user.id, toReporterId } }),
        USER_MESSAGES.reassignedAndDeleted,
        USER_MESSAGES.reassignDeleteError,
      );
    }
  }

  return {
    pending,
    /** Why the confirmed call failed, shown in its dialog. */
    error,
    busy,
    checking,
    notice,
    changeRole,
    remove,
    confirm,
    cancel: () => !busy && ask(null),
  };
}
