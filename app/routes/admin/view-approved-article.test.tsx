// @vitest-environment happy-dom
// A published story's own screen with a stubbed loader and action: its revision history with the
// times to the minute, and a restore that shows the old version before it is made.
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoutesStub } from 'react-router';
import ViewApprovedArticle from './view-approved-article.tsx';
import { oldRevisionFixture, revisionsFixture, storyFixture } from '../../components/admin-review/test-fixtures.ts';

// A shared machine: screens may take more than a second to answer.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('published story screen', () => {
  it('shows the history and restores an earlier version after previewing it', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        return new Response(JSON.stringify(oldRevisionFixture), { headers: { 'content-type': 'application/json' } });
      }),
    );
    const sent: FormData[] = [];
    const Stub = createRoutesStub([
      {
        path: '/admin-dashboard/view-approved-article/:id',
        Component: ViewApprovedArticle as never,
        loader: () => ({
          article: { data: storyFixture({ approvalStatus: 'APPROVED' }), error: null },
          revisions: revisionsFixture,
        }),
        action: async ({ request }) => {
          sent.push(await request.formData());
          return { ok: true, text: 'Revision restored.' };
        },
      },
    ]);
    render(<Stub initialEntries={['/admin-dashboard/view-approved-article/7']} />);

    expect(await screen.findByRole('heading', { name: 'Revision history' })).toBeTruthy();
    expect(screen.getByText(/Edited by admin on 28\/11\/2026 18:05 IST/)).toBeTruthy();
    expect(screen.getByText(/Written by రవి on 27\/11\/2026 10:00 IST/)).toBeTruthy();
    // No greyed review buttons here: this is not the review screen.
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(
      await screen.findByText('Restore the version of 27/11/2026 10:00 IST? The current text stays in the history.'),
    ).toBeTruthy();
    // The old version, as it was, before anything is restored.
    expect(await screen.findByText('పాత శీర్షిక')).toBeTruthy();
    expect(screen.getByText('మొదటి వివరాలు.')).toBeTruthy();
    // The screen also reads the story's notes and corrections (app/components/notes/).
    expect(asked.filter((url) => url.includes('/revisions'))).toEqual(['/api/articles/7/revisions/11']);
    expect(sent).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Restore this version', hidden: true }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].get('intent')).toBe('restore');
    expect(sent[0].get('revisionId')).toBe('11');
    expect(await screen.findByText('Revision restored.')).toBeTruthy();
  });

  it('a scheduled story shows its time with Reschedule and Unschedule', async () => {
    const Stub = createRoutesStub([
      {
        path: '/admin-dashboard/view-approved-article/:id',
        Component: ViewApprovedArticle as never,
        loader: () => ({
          article: {
            data: storyFixture({ approvalStatus: 'SCHEDULED', publicationDate: '2026-12-01T00:30:00.000Z' }),
            error: null,
          },
          revisions: [],
        }),
      },
    ]);
    render(<Stub initialEntries={['/admin-dashboard/view-approved-article/7']} />);
    expect(await screen.findByRole('heading', { name: 'Scheduled article' })).toBeTruthy();
    expect(screen.getByText('Scheduled for 01/12/2026 06:00 IST')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unschedule' })).toBeTruthy();
  });
});
