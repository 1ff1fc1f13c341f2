// All Users screen and the role change and deletion flows. The server enforces every rule;
// this screen only routes a reporter through the reassign modal and reports the outcome.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { Role } from '../../../contract/roles.ts';
import { USER_MESSAGES, USERS_PAGE_MAX, USERS_PAGE_SIZE, type UserSummary } from '../../../contract/users.ts';
import { UsersTable, type RoleFilter } from '../../components/admin-users/UsersTable.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { ReassignModal, type Reassign, type ReassignFlow } from '../../components/admin-users/ReassignModal.tsx';
import { ResetLinkModal } from '../../components/admin-users/ResetLinkModal.tsx';
import { api, ApiRequestError } from '../../lib/api.ts';
import '../../styles/admin-users.css';
import { MeSchema } from '../../../contract/auth.ts';
import { UserPageSchema } from '../../../contract/users.ts';

export const meta = () => [{ title: 'User Management' }, { name: 'robots', content: 'noindex' }];

const errorText = (error: unknown) =>
  error instanceof ApiRequestError
    ? (error.serverMessage ?? error.message)
    : error instanceof Error
      ? error.message
      : String(error);

/** Every reporter, page by page, so the dropdown is complete however many there are. */
async function fetchAllReporters(): Promise<UserSummary[]> {
  const all: UserSummary[] = [];
  for (let page = 0; ; page++) {
    const res = await api(`/admin/users?role=REPORTER&page=${page}&size=${USERS_PAGE_MAX}`, UserPageSchema);
    all.push(...res.content);
    if (page + 1 >= res.totalPages) return all;
  }
}

export default function AllUsers() {
  const [users, setUsers] = useState<UserSummary[] | null>(null);
  const [totalPages, setTotalPages] = useState(0);
  const [page, setPage] = useState(0);
  const [roleFilter, setRoleFilter] = useState<RoleFilter>('');
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  // Bumped by the Search button so searching the same text again still reloads.
  const [reloads, setReloads] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [meId, setMeId] = useState<number | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());
  const [reassign, setReassign] = useState<Reassign | null>(null);
  const [reassignBusy, setReassignBusy] = useState(false);

  useEffect(() => {
    // failure to fetch the current user is only logged.
    api('/auth/me', MeSchema)
      .then((me) => setMeId(me.id))
      .catch((e) => console.error('Failed to fetch current user', e));
  }, []);

  useEffect(() => {
    let current = true;
    const params = new URLSearchParams({ page: String(page), size: String(USERS_PAGE_SIZE) });
    if (roleFilter) params.set('role', roleFilter);
    if (search) params.set('search', search);
    setLoading(true);
    api(`/admin/users?${params}`, UserPageSchema)
      .then((res) => {
        if (!current) return;
        setUsers(res.content);
        setTotalPages(res.totalPages);
        setError(null);
      })
      .catch((e) => {
        if (!current) return;
        setError(errorText(e));
        window.alert(USER_MESSAGES.fetchUsersError);
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [page, roleFilter, search, reloads]);

  const markBusy = useCallback((id: number, busy: boolean) => {
    setBusyIds((prev) => {
      const next = new Set(prev);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const patchUser = (id: number, patch: Partial<UserSummary>) =>
    setUsers((prev) => prev?.map((u) => (u.id === id ? { ...u, ...patch } : u)) ?? prev);

  const removeUser = (id: number) => setUsers((prev) => prev?.filter((u) => u.id !== id) ?? prev);

  // The last row of a later page was deleted: show the page before, which still exists.
  useEffect(() => {
    if (!loading && users?.length === 0 && page > 0) setPage((p) => Math.max(p - 1, 0));
  }, [loading, users, page]);

  async function openReassign(reporter: UserSummary, flow: ReassignFlow) {
    markBusy(reporter.id, true);
    try {
      const reporters = await fetchAllReporters();
      setReassign({ reporter, flow, candidates: reporters.filter((r) => r.id !== reporter.id) });
    } catch {
      window.alert(USER_MESSAGES.fetchReportersError);
    } finally {
      markBusy(reporter.id, false);
    }
  }

  async function assignRole(user: UserSummary, role: Role) {
    markBusy(user.id, true);
    try {
      await api('/admin/assignRole', { method: 'POST', body: { username: user.username, role } });
      patchUser(user.id, { role });
      window.alert(USER_MESSAGES.roleChanged);
      return true;
    } catch {
      window.alert(USER_MESSAGES.assignRoleError);
      return false;
    } finally {
      markBusy(user.id, false);
    }
  }

  async function deleteUser(user: UserSummary) {
    markBusy(user.id, true);
    try {
      await api(`/admin/users/${user.id}`, { method: 'DELETE' });
      removeUser(user.id);
      window.alert(USER_MESSAGES.deleted);
      return true;
    } catch {
      window.alert(USER_MESSAGES.deleteError);
      return false;
    } finally {
      markBusy(user.id, false);
    }
  }

  function onRoleChange(user: UserSummary, role: Role) {
    if (role === user.role) return;
    // a reporter leaving the role first hands the articles to another reporter.
    if (user.role === 'REPORTER') void openReassign(user, 'role');
    else void assignRole(user, role);
  }

  const [resetFor, setResetFor] = useState<UserSummary | null>(null);

  function onDelete(user: UserSummary) {
    if (user.role === 'REPORTER') {
      void openReassign(user, 'delete');
      return;
    }
    if (window.confirm(USER_MESSAGES.confirmDelete)) void deleteUser(user);
  }

  async function confirmReassign(toReporterId: number) {
    if (!reassign) return;
    const { reporter, flow } = reassign;
    setReassignBusy(true);
    try {
      if (flow === 'role') {
        // newRole is always USER, whatever the row's dropdown showed.
        await api('/admin/reassign-and-update-role', {
          method: 'POST',
          body: { fromReporterId: reporter.id, toReporterId, newRole: 'USER' },
        });
        patchUser(reporter.id, { role: 'USER', articleCount: 0 });
      } else {
        await api('/admin/reassign-and-delete-reporter', { method: 'POST', body: { fromReporterId: reporter.id, toReporterId } });
        removeUser(reporter.id);
      }
      setUsers(
        (prev) =>
          prev?.map((u) => (u.id === toReporterId ? { ...u, articleCount: u.articleCount + reporter.articleCount } : u)) ?? prev,
      );
      setReassign(null);
      window.alert(flow === 'role' ? USER_MESSAGES.reassignedAndRoleChanged : USER_MESSAGES.reassignedAndDeleted);
    } catch {
      window.alert(flow === 'role' ? USER_MESSAGES.reassignRoleError : USER_MESSAGES.reassignDeleteError);
    } finally {
      setReassignBusy(false);
    }
  }

  async function directWithoutReassign() {
    if (!reassign) return;
    const { reporter, flow } = reassign;
    setReassignBusy(true);
    const done = flow === 'role' ? await assignRole(reporter, 'USER') : await deleteUser(reporter);
    setReassignBusy(false);
    if (done) setReassign(null);
  }

  function submitSearch(e: FormEvent) {
    e.preventDefault();
    setSearch(searchInput.trim());
    setPage(0);
    setReloads((n) => n + 1);
  }

  return (
    <main className="page admin-users">
      <h1>All Users</h1>
      <form role="search" className="users-search" onSubmit={submitSearch}>
        <label htmlFor="users-search-input" className="visually-hidden">
          Search by username
        </label>
        <input
          id="users-search-input"
          type="search"
          placeholder="Search by username"
          value={searchInput}
          maxLength={50}
          onChange={(e) => setSearchInput(e.target.value)}
        />
        <button type="submit">Search</button>
      </form>

      {loading && <p role="status">Loading users...</p>}
      {error && !loading && <p className="form-error" role="alert">{`Error: ${error}`}</p>}
      {users && !error && (
        <>
          <div className="users-table-wrap" aria-busy={loading}>
            <UsersTable
              users={users}
              roleFilter={roleFilter}
              onRoleFilter={(role) => {
                setRoleFilter(role);
                setPage(0);
              }}
              currentUserId={meId}
              busyIds={busyIds}
              onRoleChange={onRoleChange}
              onDelete={onDelete}
              onResetLink={setResetFor}
            />
          </div>
          <Pagination page={page} totalPages={totalPages} onPage={setPage} label="Pages of users" />
        </>
      )}

      <ResetLinkModal user={resetFor} onClose={() => setResetFor(null)} />

      <ReassignModal
        reassign={reassign}
        busy={reassignBusy}
        onConfirm={(to) => void confirmReassign(to)}
        onDirect={() => void directWithoutReassign()}
        onClose={() => setReassign(null)}
      />
    </main>
  );
}
