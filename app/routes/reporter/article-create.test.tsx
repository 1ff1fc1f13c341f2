// @vitest-environment happy-dom
// The write screen with a stubbed loader and its own clientAction over a stubbed network: the
// browser's check stops a submit with the field's message, a submit sends the autosaved draft for
// review through the action, and the server's field messages show when it refuses.
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WriteArticleScreen, { clientAction, shouldRevalidate } from './article-create.tsx';
import { storyFixture } from '../../components/admin-review/test-fixtures.ts';
import { ARTICLE_MESSAGES } from '../../../contract/article-form.ts';
import { json, renderRoute, stubApi, writes, type Asked } from '../../test/route-stub.tsx';

// A shared machine: screens may take more than a second to answer.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PATH = '/reporter-dashboard/write-article';

/** The screen opened on a fresh form, or on draft 5 (version 3, one stored picture) with every field filled. */
function open(start: 'fresh' | 'draft') {
  const opened =
    start === 'fresh'
      ? { key: 'new', start: { draftId: null, version: 1, imageUrls: [] } }
      : {
          key: 'd5',
          initial: storyFixture({ id: 5, approvalStatus: 'DRAFT' }),
          start: { draftId: 5, version: 3, imageUrls: ['/uploads/articles/cover.webp'] },
        };
  renderRoute(
    {
      path: PATH,
      Component: WriteArticleScreen,
      loader: () => ({ opened, requested: null, categories: [{ id: 1, name: 'రాష్ట్రం' }], authorName: 'రవి' }),
      action: clientAction,
      shouldRevalidate,
    },
    PATH,
  );
}

const submit = async () => fireEvent.click(await screen.findByRole('button', { name: 'Submit Article' }));

/** The `article` part a request sent, and the names of all its parts. */
function sent(asked: Asked) {
  const form = asked.body as FormData;
  return { article: JSON.parse(String(form.get('article'))) as Record<string, unknown>, parts: [...form.keys()] };
}

describe('write screen', () => {
  it('stops at the browser check with the first field message, focused, sending nothing', async () => {
    const asked = stubApi(() => json({}));
    open('fresh');
    await submit();
    expect(await screen.findByText(ARTICLE_MESSAGES.titleRequired)).toBeTruthy();
    expect(screen.getByText(ARTICLE_MESSAGES.regionRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Title'));
    // The Author field started with the reporter's name: no message there.
    expect(screen.queryByText(ARTICLE_MESSAGES.authorRequired)).toBeNull();
    expect(writes(asked)).toEqual([]);
  });

  it('submits the draft for review through the route action', async () => {
    const asked = stubApi(() => json(storyFixture({ id: 5, approvalStatus: 'PENDING' })));
    open('draft');
    await submit();
    expect(await screen.findByText(ARTICLE_MESSAGES.submitted)).toBeTruthy();
    const saves = writes(asked);
    expect(saves.map((a) => `${a.method} ${a.url}`)).toEqual(['POST /api/articles/drafts/5/submit']);
    const { article, parts } = sent(saves[0]);
    expect(article).toMatchObject({ title: 'వరద హెచ్చరిక', version: 3, imageOrder: ['/uploads/articles/cover.webp'] });
    // The action's own fields (intent, draft id) stay in the browser.
    expect(parts).toEqual(['article']);
    expect((screen.getByRole('button', { name: 'Submit Article' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's refusal with its field messages, and lets the reporter try again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const asked = stubApi(() => json({ message: 'Validation failed', errors: { title: 'ఈ శీర్షిక ఇప్పటికే ఉంది.' } }, 400));
    open('draft');
    await submit();
    expect(await screen.findByText('HTTP error! status: 400, message: Validation failed')).toBeTruthy();
    expect(screen.getByText('ఈ శీర్షిక ఇప్పటికే ఉంది.')).toBeTruthy();
    expect(screen.queryByText(ARTICLE_MESSAGES.submitted)).toBeNull();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Submit Article' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(writes(asked)).toHaveLength(1);
  });
});
