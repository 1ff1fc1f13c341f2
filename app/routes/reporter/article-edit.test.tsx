// @vitest-environment happy-dom
// The edit screen with a stubbed loader and its own clientAction over a stubbed network: a rejected
// story is resubmitted, the answer says it went back for review, and the badge follows the loader.
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import EditArticleScreen, { clientAction } from './article-edit.tsx';
import { storyFixture } from '../../components/admin-review/test-fixtures.ts';
import { ARTICLE_MESSAGES } from '../../../contract/article-form.ts';
import type { Article } from '../../../contract/articles.ts';
import { json, renderRoute, stubApi, writes } from '../../test/route-stub.tsx';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('edit screen', () => {
  it("resubmits a rejected story: 'Resubmit for review', then back in the queue and no longer Rejected", async () => {
    // What the server holds: the loader reads it again after the save.
    let status: Article['approvalStatus'] = 'REJECTED';
    const asked = stubApi(({ method }) => {
      if (method === 'PUT') status = 'PENDING';
      return json(storyFixture({ approvalStatus: 'PENDING' }));
    });
    renderRoute(
      {
        path: '/reporter-dashboard/article-edit/:id',
        Component: EditArticleScreen,
        loader: () => ({
          error: null,
          article: storyFixture({ approvalStatus: status, rejectionReason: status === 'REJECTED' ? 'మూలం చేర్చండి' : null }),
          categories: [{ id: 1, name: 'రాష్ట్రం' }],
        }),
        action: clientAction,
      },
      '/reporter-dashboard/article-edit/7',
    );

    const resubmit = await screen.findByRole('button', { name: ARTICLE_MESSAGES.resubmit });
    expect(screen.getByText('Rejected')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'వరద హెచ్చరిక: మూలంతో' } });
    fireEvent.click(resubmit);

    expect(await screen.findByText(ARTICLE_MESSAGES.resubmitted)).toBeTruthy();
    // The screen's presence heartbeat (POST .../editing) is not a save.
    const saves = writes(asked).filter((a) => !a.url.endsWith('/editing'));
    expect(saves.map((a) => `${a.method} ${a.url}`)).toEqual(['PUT /api/articles/7']);
    const article = JSON.parse(String((saves[0].body as FormData).get('article'))) as Record<string, unknown>;
    expect(article).toMatchObject({ title: 'వరద హెచ్చరిక: మూలంతో', imageOrder: [] });
    await waitFor(() => expect(screen.queryByText('Rejected')).toBeNull());
    expect(screen.getByText('Pending')).toBeTruthy();
    // The words stay with what the screen was opened for.
    expect(screen.getByRole('button', { name: ARTICLE_MESSAGES.resubmit })).toBeTruthy();
  });
});
