// @vitest-environment happy-dom
// The pending queue (stubbed loader): each story with its submission time to the minute and its review link.
import { cleanup, configure, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createRoutesStub } from 'react-router';
import PendingArticles from './pending-articles.tsx';
import { storyFixture } from '../../components/admin-review/test-fixtures.ts';

// A shared machine: screens may take more than a second to answer.
configure({ asyncUtilTimeout: 5000 });

afterEach(cleanup);

describe('pending articles', () => {
  it('lists the queue with times and review links', async () => {
    const { content: _content, ...story } = storyFixture();
    const Stub = createRoutesStub([
      {
        path: '/admin-dashboard/pending-articles',
        Component: PendingArticles as never,
        loader: () => ({ data: [story], error: null }),
      },
    ]);
    render(<Stub initialEntries={['/admin-dashboard/pending-articles']} />);
    expect((await screen.findByText(/Submitted/)).textContent).toBe('Submitted 28/11/2026 18:05 IST');
    const review = screen.getByRole('link', { name: `Review: ${story.title}` });
    expect(review.getAttribute('href')).toBe('/admin-dashboard/view-article/7');
  });
});
