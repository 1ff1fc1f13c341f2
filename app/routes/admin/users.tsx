// All Users screen. The list's place (page, role filter, search) lives in the address, so Back and a
// reload keep it; the questions are in components/admin-users, and every change they confirm is
// posted to this route's clientAction, after which the list loads again. The server enforces every
// rule; the screen asks first and reports the outcome on the page.
import { useRef, type FormEvent } from 'react';
import { redirect, useLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { z } from 'zod';
import type { Route } from './+types/users';
import { ROLES } from '../../../contract/roles.ts';
import { AUTH_ROUTES } from '../../../contract/auth.ts';
import { IdParam } from '../../../contract/http.ts';
import {
  AssignRoleSchema,
  ReassignAndDeleteSchema,
  ReassignAndUpdateRoleSchema,
  USER_MESSAGES,
  USER_ROUTES,
  USER_SEARCH_MAX,
  USERS_PAGE_SIZE,
} from '../../../contract/users.ts';
import { UsersTable, type RoleFilter } from '../../components/admin-users/UsersTable.tsx';
import { UserChangeDialogs } from '../../components/admin-users/UserChangeDialogs.tsx';
import { useUserChanges, type IssuedLink, type UserIntent } from '../../components/admin-users/useUserChanges.ts';
import { ResetLinkModal, useResetLink } from '../../components/admin-users/ResetLinkModal.tsx';
import { NoticeLine } from '../../components/dashboard/notice.tsx';
import { failureText, joinReason, withReason } from '../../components/dashboard/failure.ts';
import { failed, outcome, refused, type Outcome } from '../../components/dashboard/outcome.ts';
import { adminMeta, loaded, pageOf, useListPlace } from '../../components/dashboard/screen.ts';
import { FormError } from '../../components/dashboard/Field.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { call } from '../../lib/api.ts';
import { requireRole } from '../../lib/guard.ts';
import type { ScreenHandle } from '../../components/ScreenFallback.tsx';
import '../../styles/admin-users.css';

export const meta = () => adminMeta('User Management');
export const handle: ScreenHandle = { loadingText: 'Loading users...' };

const errorText = (error: unknown) => failureText(error, { preferServer: true });

/** The list's place in the address: ?page (from 1), ?role, ?search (trimmed; blank is no search). */
function listPlace(url: URL) {
  const role = url.searchParams.get('role');
  return {
    page: pageOf(url),
    role: (ROLES as readonly (string | null)[]).includes(role) ? (role as RoleFilter) : '',
    search: (url.searchParams.get('search') ?? '').trim().slice(0, USER_SEARCH_MAX),
  };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireRole(request, ['ADMIN']);
  const url = new URL(request.url);
  const place = listPlace(url);
  const query = { page: place.page, size: USERS_PAGE_SIZE, role: place.role || undefined, search: place.search || undefined };
  const [list, meId] = await Promise.all([
    loaded(call(USER_ROUTES.list, { query }), errorText),
    // Failure to fetch the current user is only logged.
    call(AUTH_ROUTES.me).then(
      (me) => me.id,
      (error: unknown) => {
        console.error('Failed to fetch current user', error);
        return null;
      },
    ),
  ]);
  // The last row of a later page was deleted: show the last page that still exists.
  if (list.data && list.data.content.length === 0 && place.page > 0 && list.data.totalPages > 0) {
    url.searchParams.set('page', String(list.data.totalPages));
    throw redirect(url.pathname + url.search);
  }
  return { place, meId, users: list.data, error: list.error };
}

const nowRole = (username: string, role: string) => `${username} is now ${role}.`;

/**
 * A confirmed change, by `intent`: `role` (`username`, `role`), `delete` (`id`), `reassign-role`
 * (`fromReporterId`, `toReporterId`, `newRole`, `username`), `reassign-delete` (`fromReporterId`,
 * `toReporterId`), `reset-link` (`id`). Each is checked with the route's schema and sent through
 * the typed client; the answer is the outcome the screen shows.
 */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<Outcome<IssuedLink>> {
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '');
  const id = (name: string) => Number(text(name));
  /** Checks the body with the route's schema and sends it: the success text, or the failure followed by the reason. */
  const change = <T,>(parsed: z.ZodSafeParseResult<T>, send: (body: T) => Promise<unknown>, success: string, failure: string) =>
    parsed.success
      ? outcome(send(parsed.data), success, (error) => withReason(failure, error))
      : refused(joinReason(failure, parsed.error.issues[0]?.message));

  switch (text('intent') as UserIntent) {
    case 'role':
      return change(
        AssignRoleSchema.safeParse({ username: text('username'), role: text('role') }),
        (body) => call(USER_ROUTES.assignRole, { body }),
        `${USER_MESSAGES.roleChanged} ${nowRole(text('username'), text('role'))}`,
        USER_MESSAGES.assignRoleError,
      );
    case 'delete':
      return change(
        IdParam.safeParse({ id: text('id') }),
        (params) => call(USER_ROUTES.remove, { params }),
        USER_MESSAGES.deleted,
        USER_MESSAGES.deleteError,
      );
    case 'reassign-role':
      return change(
        ReassignAndUpdateRoleSchema.safeParse({
          fromReporterId: id('fromReporterId'),
          toReporterId: id('toReporterId'),
          newRole: text('newRole'),
        }),
        (body) => call(USER_ROUTES.reassignAndUpdateRole, { body }),
        `${USER_MESSAGES.reassignedAndRoleChanged} ${nowRole(text('username'), text('newRole'))}`,
        USER_MESSAGES.reassignRoleError,
      );
    case 'reassign-delete':
      return change(
        ReassignAndDeleteSchema.safeParse({ fromReporterId: id('fromReporterId'), toReporterId: id('toReporterId') }),
        (body) => call(USER_ROUTES.reassignAndDelete, { body }),
        USER_MESSAGES.reassignedAndDeleted,
        USER_MESSAGES.reassignDeleteError,
      );
    case 'reset-link': {
      const userId = id('id');
      return call(AUTH_ROUTES.issueReset, { params: { id: userId } }).then(
        (link) => ({ ok: true, text: '', userId, link }),
        (error: unknown) => failed(error, { preferServer: true, failed: 'Could not issue a reset link.' }, { userId }),
      );
    }
    default:
      return refused(`Unknown change: ${text('intent')}`);
  }
}

/** A reset link changes nothing in the list, so the list is not loaded again after one. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get('intent') === 'reset-link' ? false : defaultShouldRevalidate;
}

export default function AllUsers() {
  const { place, meId, users, error } = useLoaderData<typeof clientLoader>();
  const { loading, show: showList } = useListPlace();
  const changes = useUserChanges();
  const resetLink = useResetLink();
  const listTop = useRef<HTMLDivElement>(null);

  /** Moves the list; a new filter or search starts again at the first page. */
  const show = ({ page = 0, role = place.role, search = place.search }: { page?: number; role?: RoleFilter; search?: string }) =>
    showList({ role, search }, page);

  function submitSearch(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    show({ search: String(new FormData(e.currentTarget).get('search') ?? '') });
  }

  return (
    <main className="page admin-users">
      <h1>All Users</h1>
      <form role="search" className="users-search" onSubmit={submitSearch}>
        <label htmlFor="users-search-input" className="visually-hidden">
          Search by username
        </label>
        <input
          // A new address (Back, a link) shows its own search text.
          key={place.search}
          id="users-search-input"
          name="search"
          type="search"
          placeholder="Search by username"
          defaultValue={place.search}
          maxLength={USER_SEARCH_MAX}
        />
        <button type="submit">Search</button>
      </form>

      <NoticeLine notice={error ? { ok: false, text: USER_MESSAGES.fetchUsersError } : changes.notice} />
      {error && !loading && <FormError>{`Error: ${error}`}</FormError>}
      {users && (
        <>
          <div className="users-table-wrap list-wrap" aria-busy={loading} ref={listTop}>
            {loading && (
              <p role="status" className="list-loading">
                Loading users...
              </p>
            )}
            <UsersTable
              users={users.content}
              roleFilter={place.role}
              onRoleFilter={(role) => show({ role })}
              currentUserId={meId}
              busyId={changes.checking}
              onRoleChange={changes.changeRole}
              onDelete={changes.remove}
              onResetLink={resetLink.issue}
            />
          </div>
          <Pagination
            page={place.page}
            totalPages={users.totalPages}
            onPage={(page) => show({ page })}
            label="Pages of users"
            listTop={listTop}
          />
        </>
      )}

      <ResetLinkModal issued={resetLink.issued} onClose={resetLink.close} />
      <UserChangeDialogs changes={changes} />
    </main>
  );
}
