// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createRoutesStub } from 'react-router';
import AllUsers from './users.tsx';
import type { UserSummary } from '../../../contract/users.ts';

afterEach(cleanup);

const users: UserSummary[] = [
  { id: 1, username: 'chief', email: 'chief@example.com', role: 'ADMIN', articleCount: 0 },
  { id: 2, username: 'asha', email: 'asha@example.com', role: 'USER', articleCount: 0 },
];

function renderScreen() {
  const Stub = createRoutesStub([
    {
      path: '/admin-dashboard/usermanagement',
      Component: AllUsers,
      loader: () => ({
        place: { page: 0, role: '', search: '' },
        meId: 1,
        users: { content: users, totalPages: 1, totalElements: 2 },
        error: null,
      }),
    },
  ]);
  render(<Stub initialEntries={['/admin-dashboard/usermanagement']} />);
}

describe('All Users', () => {
  it('lists the users from its loader; the own row is "Your Account"; a role change asks first', async () => {
    renderScreen();
    const chief = (await screen.findByText('chief')).closest('tr')!;
    expect(within(chief).getByText('Your Account')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Role of asha'), { target: { value: 'REPORTER' } });
    expect(await screen.findByText(/Change asha's role from USER to/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel', hidden: true })).toBeTruthy();
  });
});
