// @vitest-environment happy-dom
// The review screen with a stubbed loader and action: approving answers with the next pending
// story, rejecting sends the reason, and with none left it says so.
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoutesStub } from 'react-router';
import ReviewArticle from './view-article.tsx';
import { storyFixture } from '../../components/admin-review/test-fixtures.ts';
import type { ActResult } from '../../components/admin-review/data.ts';
import type { Outcome } from '../../components/dashboard/outcome.ts';
import { json, stubApi } from '../../test/route-stub.tsx';

// A shared machine: screens may take more than a second to answer.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const loaded = () => ({
  article: { data: storyFixture(), error: null },
  categories: { data: [{ id: 1, name: 'రాష్ట్రం' }], error: null },
  revisions: [],
  changes: null,
});

function stub(answer: (form: FormData) => Outcome<ActResult>) {
  const sent: FormData[] = [];
  const Stub = createRoutesStub([
    {
      path: '/admin-dashboard/view-article/:id',
      // The route module's component, typed for its generated props.
      Component: ReviewArticle as never,
      loader: loaded,
      action: async ({ request }) => {
        const form = await request.formData();
        sent.push(form);
        return answer(form);
      },
    },
  ]);
  render(<Stub initialEntries={['/admin-dashboard/view-article/7']} />);
  return sent;
}

describe('review screen', () => {
  it('approves, then offers the next pending story', async () => {
    const sent = stub(() => ({ ok: true, text: 'Article approved successfully.', next: { id: 9, title: 'తదుపరి వార్త' } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Article approved successfully.')).toBeTruthy();
    expect(sent.map((f) => f.get('intent'))).toEqual(['approve']);
    const next = screen.getByRole('link', { name: /Next pending: తదుపరి వార్త/ });
    expect(next.getAttribute('href')).toBe('/admin-dashboard/view-article/9');
    // Done: no second approval.
    expect((screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('rejects with the reason typed, and says when no story is left', async () => {
    const sent = stub(() => ({ ok: true, text: 'Article rejected successfully.', next: null }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    fireEvent.change(await screen.findByLabelText('Reason for the reporter (optional)'), {
      target: { value: 'మూలం చేర్చండి' },
    });
    const dialogButtons = screen.getAllByRole('button', { name: 'Reject', hidden: true });
    fireEvent.click(dialogButtons[dialogButtons.length - 1]);
    expect(await screen.findByText('Article rejected successfully.')).toBeTruthy();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].get('intent')).toBe('reject');
    expect(sent[0].get('reason')).toBe('మూలం చేర్చండి');
    expect(screen.getByText(/No more pending articles\./)).toBeTruthy();
  });

  it('Edit & Approve with a time sends the edit, the intent and the time to the action, then says it is scheduled', async () => {
    // The form's own reads (the typing toggle asks who is signed in).
    stubApi(() => json({}));
    const sent = stub(() => ({ ok: true, text: '' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit & Approve' }));
    fireEvent.change(await screen.findByLabelText('Publish at (India time, IST; empty: now)'), {
      target: { value: '01/12/2026' },
    });
    fireEvent.change(screen.getByLabelText('Time (24-hour, HH:MM)'), { target: { value: '06:00' } });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'వరద హెచ్చరిక: తాజా' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save & Schedule' }));
    expect(await screen.findByText('Article saved and scheduled for publication.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0].get('intent')).toBe('save-and-approve');
    expect(sent[0].get('publishAt')).toBe('2026-12-01T06:00');
    expect(JSON.parse(String(sent[0].get('article')))).toMatchObject({ title: 'వరద హెచ్చరిక: తాజా', categoryIds: [1] });
  });

  it('previews the story as readers will see it, from the review and from its edit', async () => {
    stubApi(() => json({}));
    stub(() => ({ ok: true, text: '' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    const title = () => document.querySelector('.reader-preview .article-title')?.textContent;
    await waitFor(() => expect(title()).toBe('వరద హెచ్చరిక'));
    fireEvent.click(screen.getByRole('button', { name: 'Close preview', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit & Approve' }));
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'సవరించిన శీర్షిక' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(title()).toBe('సవరించిన శీర్షిక'));
  });

  it('shows a refusal with the server reason on its own line', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stub(() => ({ ok: false, text: 'Error approving article: 409', detail: 'This article is already approved.' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Error approving article: 409')).toBeTruthy();
    expect(screen.getByText('This article is already approved.')).toBeTruthy();
  });
});
