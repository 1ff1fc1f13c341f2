// @vitest-environment happy-dom
// The admin dashboard's tiles with their counts (stubbed loader), and without them when the count failed.
import { cleanup, configure, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createRoutesStub } from 'react-router';
import AdminHome from './home.tsx';

// A shared machine: screens may take more than a second to answer.
configure({ asyncUtilTimeout: 5000 });

afterEach(cleanup);

const renderWith = (counts: unknown) => {
  const Stub = createRoutesStub([{ path: '/admin-dashboard', Component: AdminHome as never, loader: () => counts }]);
  render(<Stub initialEntries={['/admin-dashboard']} />);
};

describe('admin dashboard', () => {
  it('shows how many stories wait in each article tile', async () => {
    renderWith({ pending: 4, scheduled: 2, approved: 120, rejected: 1 });
    const pending = await screen.findByRole('link', { name: 'Pending Articles' });
    expect(pending.parentElement?.textContent).toBe('Pending Articles4 waiting for review');
    expect(screen.getByRole('link', { name: 'Scheduled Articles' }).parentElement?.textContent).toContain('2 scheduled');
    expect(screen.getByRole('link', { name: 'Approved Articles' }).parentElement?.textContent).toContain('120 published');
    expect(screen.getByText('1 story rejected, waiting for their reporters.')).toBeTruthy();
  });

  it('keeps the links when the counts could not be read', async () => {
    renderWith(null);
    const pending = await screen.findByRole('link', { name: 'Pending Articles' });
    expect(pending.parentElement?.textContent).toBe('Pending Articles');
  });
});
