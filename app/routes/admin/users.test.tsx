// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutesStub } from 'react-router';
import AllUsers, { clientAction, shouldRevalidate } from './users.tsx';
import { USER_MESSAGES, type UserSummary } from '../../../contract/users.ts';

const user = (id: number, username: string, role: UserSummary['role'], articleCount = 0): UserSummary => ({
  id,
  username,
  email: `${username}@example.com`,
  role,
  articleCount,
});
const chief = user(1, 'chief', 'ADMIN');
const asha = user(2, 'asha', 'USER');
const ravi = user(3, 'ravi', 'REPORTER', 3);
const kiran = user(4, 'kiran', 'REPORTER');

/** The API as the browser meets it: each request is recorded and answered by `answer`. */
type Sent = { method: string; url: string; body: unknown };
let sent: Sent[];
let answer: (request: Sent) => { status: number; body: unknown };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sent = [];
  answer = () => ({ status: 200, body: { message: 'ok' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const request = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined };
      sent.push(request);
      const { status, body } = answer(request);
      return json(status, body);
    }),
  );
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The screen over a stubbed loader (the rows given, then `after` once a change is done) and its real clientAction. */
function renderScreen(rows: UserSummary[], after: UserSummary[] = rows) {
  let changed = false;
  const loader = vi.fn(() => ({
    place: { page: 0, role: '', search: '' },
    meId: 1,
    users: { content: changed ? after : rows, totalPages: 1, totalElements: rows.length },
    error: null,
  }));
  const action = vi.fn(async (args: Parameters<typeof clientAction>[0]) => {
    const outcome = await clientAction(args);
    changed ||= outcome.ok;
    return outcome;
  });
  const Stub = createRoutesStub([
    { path: '/admin-dashboard/usermanagement', Component: AllUsers as never, loader, action: action as never, shouldRevalidate },
  ]);
  render(<Stub initialEntries={['/admin-dashboard/usermanagement']} />);
  return { loader, action };
}

const writes = () => sent.filter((r) => r.method !== 'GET');
const dialogButton = (name: string) => screen.getByRole('button', { name, hidden: true });

describe('All Users', () => {
  it('lists the users from its loader; the own row is "Your Account"', async () => {
    renderScreen([chief, asha]);
    const row = (await screen.findByText('chief')).closest('tr')!;
    expect(within(row).getByText('Your Account')).toBeTruthy();
    expect(screen.getByLabelText('Role of asha')).toBeTruthy();
  });

  it('a role change asks first, goes through the action to assignRole, and the reloaded list and the outcome show', async () => {
    const { loader, action } = renderScreen([chief, asha], [chief, { ...asha, role: 'REPORTER' }]);
    fireEvent.change(await screen.findByLabelText('Role of asha'), { target: { value: 'REPORTER' } });
    await screen.findByText(/Change asha's role from USER to/);
    screen.getByText(/As REPORTER, asha can write articles and send them for review\./);
    expect(action).not.toHaveBeenCalled();

    fireEvent.click(dialogButton('Confirm'));
    await screen.findByText(`${USER_MESSAGES.roleChanged} asha is now REPORTER.`);
    expect(writes()).toEqual([{ method: 'POST', url: '/api/admin/assignRole', body: { username: 'asha', role: 'REPORTER' } }]);
    // React Router loaded the list again: the row says the new role.
    expect(loader.mock.calls.length).toBeGreaterThan(1);
    const row = screen.getByText('asha').closest('tr')!;
    expect(within(row).getByText('REPORTER', { selector: 'td' })).toBeTruthy();
    expect(screen.queryByText(/Change asha's role/)).toBeNull();
  });

  it('a refused change keeps its question open with the failure text and the server reason', async () => {
    answer = ({ method }) => (method === 'POST' ? { status: 409, body: { message: 'boom' } } : { status: 200, body: {} });
    renderScreen([chief, asha]);
    fireEvent.change(await screen.findByLabelText('Role of asha'), { target: { value: 'ADMIN' } });
    fireEvent.click(await waitFor(() => dialogButton('Confirm')));
    await screen.findByText(`${USER_MESSAGES.assignRoleError} boom`);
    screen.getByText(/Change asha's role from USER to/);
    expect(screen.queryByText(USER_MESSAGES.roleChanged, { exact: false })).toBeNull();
    expect((screen.getByLabelText('Role of asha') as HTMLSelectElement).value).toBe('USER');

    // Cancel, and a new question starts without the old failure.
    fireEvent.click(dialogButton('Cancel'));
    fireEvent.change(screen.getByLabelText('Role of asha'), { target: { value: 'REPORTER' } });
    await screen.findByText(/Change asha's role from USER to/);
    expect(screen.queryByText(`${USER_MESSAGES.assignRoleError} boom`)).toBeNull();
  });

  it('a reporter with articles goes through Reassign Articles to reassign-and-update-role; the reporter becomes USER', async () => {
    answer = ({ method, url }) =>
      method === 'GET' && url.startsWith('/api/admin/users?')
        ? { status: 200, body: { content: [kiran, ravi], totalPages: 1, totalElements: 2 } }
        : { status: 200, body: { message: 'ok' } };
    renderScreen([chief, ravi, kiran], [chief, { ...ravi, role: 'USER', articleCount: 0 }, kiran]);
    fireEvent.change(await screen.findByLabelText('Role of ravi'), { target: { value: 'ADMIN' } });
    await screen.findByText(/has 3 articles\. Choose another reporter to transfer them to\./);
    screen.getByText(/You chose ADMIN: to make ravi ADMIN, change the role again afterwards\./);
    const target = screen.getByLabelText('New reporter') as HTMLSelectElement;
    expect(Array.from(target.options).map((o) => o.textContent)).toEqual(['kiran (kiran@example.com)']);

    fireEvent.click(dialogButton('Confirm & Change Role'));
    await screen.findByText(`${USER_MESSAGES.reassignedAndRoleChanged} ravi is now USER.`);
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: '/api/admin/reassign-and-update-role',
        body: { fromReporterId: 3, toReporterId: 4, newRole: 'USER' },
      },
    ]);
  });

  it('deletes through Delete user and the action, after the question', async () => {
    renderScreen([chief, asha], [chief]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete asha' }));
    await screen.findByText(USER_MESSAGES.confirmDelete);
    expect(writes()).toEqual([]);
    fireEvent.click(dialogButton('Confirm'));
    await screen.findByText(USER_MESSAGES.deleted);
    expect(writes()).toEqual([{ method: 'DELETE', url: '/api/admin/users/2', body: undefined }]);
    expect(screen.queryByText('asha')).toBeNull();
  });

  it('issues a reset link through the action, without loading the list again', async () => {
    answer = () => ({
      status: 201,
      body: { resetUrl: 'http://localhost/reset-password?token=abc', expiresAt: '2030-01-01T03:30:00.000Z' },
    });
    const { loader } = renderScreen([chief, asha]);
    fireEvent.click(await screen.findByRole('button', { name: 'Reset link for asha' }));
    const link = (await screen.findByLabelText('Reset link')) as HTMLInputElement;
    expect(link.value).toBe('http://localhost/reset-password?token=abc');
    expect(writes()).toEqual([{ method: 'POST', url: '/api/admin/users/2/password-reset', body: undefined }]);
    expect(loader).toHaveBeenCalledTimes(1);
  });
});
