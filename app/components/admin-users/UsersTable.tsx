// All Users table: Username, Email, Role (its header is the role filter), Actions.
import { ROLES, type Role } from '../../../contract/roles.ts';
import type { UserSummary } from '../../../contract/users.ts';

export type RoleFilter = Role | '';

type Props = {
  users: UserSummary[];
  roleFilter: RoleFilter;
  onRoleFilter: (role: RoleFilter) => void;
  /** The signed-in admin: that row shows only 'Your Account'. */
  currentUserId: number | null;
  /** The row being checked with the server: its controls wait. */
  busyId: number | null;
  onRoleChange: (user: UserSummary, role: Role) => void;
  onDelete: (user: UserSummary) => void;
  /** Issues a one-time password reset link for that account. */
  onResetLink: (user: UserSummary) => void;
};

export function UsersTable({
  users,
  roleFilter,
  onRoleFilter,
  currentUserId,
  busyId,
  onRoleChange,
  onDelete,
  onResetLink,
}: Props) {
  return (
    <table className="users-table">
      <thead>
        <tr>
          <th scope="col">Username</th>
          <th scope="col">Email</th>
          <th scope="col" className="role-filter-cell">
            <span className="visually-hidden">Role</span>
            <select aria-label="Filter by role" value={roleFilter} onChange={(e) => onRoleFilter(e.target.value as RoleFilter)}>
              <option value="">All Roles</option>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {users.length === 0 ? (
          <tr>
            <td colSpan={4} className="users-empty">
              No users found.
            </td>
          </tr>
        ) : (
          users.map((user) => {
            const own = user.id === currentUserId;
            const busy = busyId === user.id;
            return (
              <tr key={user.id} data-username={user.username}>
                <td data-label="Username" className="user-name">
                  {user.username}
                </td>
                <td data-label="Email" className="user-email">
                  {user.email}
                </td>
                <td data-label="Role">{user.role}</td>
                <td data-label="Actions" className="user-actions">
                  {own ? (
                    <span className="own-account">Your Account</span>
                  ) : (
                    <>
                      <select
                        aria-label={`Role of ${user.username}`}
                        value={user.role}
                        disabled={busy}
                        onChange={(e) => onRoleChange(user, e.target.value as Role)}
                      >
                        {ROLES.map((r) => (
                          <option key={r} value={r}>
                            {r}
                          </option>
                        ))}
                      </select>
                      <button
                        type="button"
                        className="danger"
                        aria-label={`Delete ${user.username}`}
                        disabled={busy}
                        onClick={() => onDelete(user)}
                      >
                        Delete
                      </button>
                      <button
                        type="button"
                        className="secondary"
                        aria-label={`Reset link for ${user.username}`}
                        disabled={busy}
                        onClick={() => onResetLink(user)}
                      >
                        Reset link
                      </button>
                    </>
                  )}
                </td>
              </tr>
            );
          })
        )}
      </tbody>
    </table>
  );
}
