// @vitest-environment happy-dom
// The scheduled list (stubbed loader and action): each story's time in India time, its own screen,
// and Unschedule sent for the row.
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createRoutesStub } from 'react-router';
import ScheduledArticles from './scheduled-articles.tsx';
import { storyFixture } from '../../components/admin-review/test-fixtures.ts';

// A shared machine: screens may take more than a second to answer.
configure({ asyncUtilTimeout: 5000 });

afterEach(cleanup);

describe('scheduled articles', () => {
  it('lists each with its time, links its own screen and unschedules', async () => {
    const sent: FormData[] = [];
    const story = storyFixture({ approvalStatus: 'SCHEDULED', publicationDate: '2026-12-01T00:30:00.000Z' });
    const Stub = createRoutesStub([
      {
        path: '/admin-dashboard/scheduled-articles',
        Component: ScheduledArticles as never,
        loader: () => ({ data: [story], error: null }),
        action: async ({ request }) => {
          sent.push(await request.formData());
          return { ok: true, text: 'Article unscheduled: it is pending again.' };
        },
      },
    ]);
    render(<Stub initialEntries={['/admin-dashboard/scheduled-articles']} />);
    expect((await screen.findByText(/Publishes/)).textContent).toBe('Publishes 01/12/2026 06:00 IST');
    const open = screen.getByRole('link', { name: `Review / Reschedule: ${story.title}` });
    expect(open.getAttribute('href')).toBe('/admin-dashboard/view-approved-article/7');
    fireEvent.click(screen.getByRole('button', { name: `Unschedule: ${story.title}` }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].get('id')).toBe('7');
    expect(await screen.findByText('Article unscheduled: it is pending again.')).toBeTruthy();
  });
});
