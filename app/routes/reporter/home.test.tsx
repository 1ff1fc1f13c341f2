// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoutesStub } from 'react-router';
import ReporterHome from './home.tsx';
import type { Draft } from '../../../contract/drafts.ts';

afterEach(cleanup);

const draft = (id: number, title: string): Draft =>
  ({
    id,
    title,
    author: '',
    content: '',
    youtubeVideoId: null,
    region: null,
    categories: [],
    imageUrls: [],
    images: [],
    shortDescription: '',
    publicationDate: '2026-11-28T12:35:00.000Z',
    reporterName: 'ravi',
    approvalStatus: 'DRAFT',
    version: 3,
    updatedAt: '2026-11-28T12:35:00.000Z',
  }) as Draft;

function stub(action = vi.fn((_form: Record<string, unknown>) => ({ id: 0, error: null }))) {
  const Stub = createRoutesStub([
    {
      path: '/reporter-dashboard',
      Component: ReporterHome as never,
      loader: () => ({
        drafts: [draft(7, 'వర్షం చిత్తుప్రతి')],
        counts: { drafts: 1, pending: 2, rejected: 1, scheduled: 1, published: 4 },
        error: null,
      }),
      action: async ({ request }: { request: Request }) => action(Object.fromEntries(await request.formData())),
    },
  ]);
  render(<Stub initialEntries={['/reporter-dashboard']} />);
  return action;
}

describe('reporter desk home', () => {
  it('shows each tile with its count, and the draft saved to the minute, India time', async () => {
    stub();
    const pending = await screen.findByRole('link', { name: /Pending \/ Rejected Articles/ }, { timeout: 10_000 });
    // Scheduled stories wait with the pending ones.
    expect(pending.textContent).toContain('3 pending');
    expect(pending.textContent).toContain('1 rejected');
    expect(screen.getByRole('link', { name: /My Approved Articles/ }).textContent).toContain('4 published');
    expect(screen.getByRole('link', { name: /^Drafts/ }).textContent).toContain('1 draft');
    expect(screen.getByRole('link', { name: 'Write New Article' })).toBeTruthy();
    expect(screen.getByText('28/11/2026 18:05 IST')).toBeTruthy();
  });

  it('deletes a draft through the route action only after the question is answered', async () => {
    const action = stub();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete draft వర్షం చిత్తుప్రతి' }, { timeout: 10_000 }));
    expect(action).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(within(dialog).getByText('Are you sure you want to delete this draft?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete', hidden: true }));
    await waitFor(() => expect(action).toHaveBeenCalledWith({ id: '7' }), { timeout: 10_000 });
  });
});
