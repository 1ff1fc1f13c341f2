// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoutesStub } from 'react-router';
import PendingRejectedScreen from './pending-rejected.tsx';
import MyArticlesScreen from './my-articles.tsx';
import type { Article } from '../../../contract/articles.ts';

afterEach(cleanup);

const story = (id: number, title: string, over: Partial<Article> = {}): Article => ({
  id,
  title,
  author: 'రవి',
  content: '<p>x</p>',
  youtubeVideoId: null,
  region: null,
  categories: [{ id: 1, name: 'రాజకీయాలు' }],
  imageUrls: [],
  images: [],
  shortDescription: '',
  publicationDate: '2026-11-23T19:00:00.000Z',
  reporterName: 'ravi',
  approvalStatus: 'PENDING',
  ...over,
});

describe('Pending / Rejected Articles', () => {
  it('lists rejected stories with their reason and times to the minute; deletes through the action after asking', async () => {
    const action = vi.fn((_form: Record<string, unknown>) => ({ ok: true, text: 'Article deleted successfully.', id: 2 }));
    const Stub = createRoutesStub([
      {
        path: '/list',
        Component: PendingRejectedScreen as never,
        loader: () => ({
          data: [
            story(1, 'తిరస్కరణ', { approvalStatus: 'REJECTED', rejectionReason: 'మూలం చెప్పండి' }),
            story(2, 'పెండింగ్'),
            story(3, 'షెడ్యూల్', { approvalStatus: 'SCHEDULED', publicationDate: '2026-11-30T00:30:00.000Z' }),
          ],
          error: null,
        }),
        action: async ({ request }: { request: Request }) => action(Object.fromEntries(await request.formData())),
      },
    ]);
    render(<Stub initialEntries={['/list']} />);
    await screen.findByText('మూలం చెప్పండి', {}, { timeout: 10_000 });
    expect(screen.getAllByText('Rejected').length).toBe(1);
    expect(screen.getAllByText('24/11/2026 00:30 IST').length).toBe(2);
    expect(screen.getByText('30/11/2026 06:00 IST')).toBeTruthy();
    // A scheduled story is accepted: no edit, no delete.
    expect(screen.queryByRole('button', { name: 'Delete షెడ్యూల్' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete పెండింగ్' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(within(dialog).getByText('Are you sure you want to delete this article?')).toBeTruthy();
    expect(action).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm', hidden: true }));
    await waitFor(() => expect(action).toHaveBeenCalledWith({ id: '2' }), { timeout: 10_000 });
    expect(await screen.findByText('Article deleted successfully.', {}, { timeout: 10_000 })).toBeTruthy();
  });
});

describe('My Approved Articles', () => {
  it('shows each story with its publication time to the minute', async () => {
    const Stub = createRoutesStub([
      {
        path: '/mine',
        Component: MyArticlesScreen as never,
        loader: () => ({
          title: '',
          page: 0,
          data: { articles: [story(5, 'ప్రచురితం', { approvalStatus: 'APPROVED' })], totalPages: 1 },
          error: null,
        }),
      },
    ]);
    render(<Stub initialEntries={['/mine']} />);
    expect(await screen.findByText('24/11/2026 00:30 IST', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Public page' }).getAttribute('href')).toBe('/article/5');
  });
});
