// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoutesStub } from 'react-router';
import AdManagement from './ads.tsx';
import { AD_MESSAGES, type Ad } from '../../../contract/ads.ts';

afterEach(cleanup);

const ad = (id: number, more: Partial<Ad> = {}): Ad => ({
  id,
  imageUrl: `/media/ad-${id}.webp`,
  link: null,
  durationInSeconds: 5,
  startsAt: null,
  endsAt: null,
  width: 960,
  height: 120,
  ...more,
});

function renderScreen(ads: Ad[], action: (form: FormData) => unknown) {
  const Stub = createRoutesStub([
    {
      path: '/',
      // The route module's screen over a stubbed loader and action.
      Component: AdManagement as never,
      loader: () => ({ data: ads, error: null }),
      action: async ({ request }) => action(await request.formData()),
    },
  ]);
  render(<Stub />);
}

describe('Ad Management', () => {
  it('lists each ad with its window, and an edit posts duration, link, start and end to the action', async () => {
    const action = vi.fn((_form: FormData) => ({ ok: true, text: AD_MESSAGES.updated, id: 2 }));
    renderScreen(
      [ad(1), ad(2, { startsAt: '2030-01-01T03:30:00.000Z', endsAt: '2030-01-02T03:30:00.000Z', link: 'https://example.com/' })],
      action,
    );
    await screen.findByText('Shown to readers now (no start or end)');
    screen.getByText('Not shown to readers now: from 01/01/2030 09:00 IST until 02/01/2030 09:00 IST');

    fireEvent.click(screen.getByRole('button', { name: 'Edit ad 2' }));
    const start = (await screen.findByLabelText('Start (India time, optional)')) as HTMLInputElement;
    expect(start.value).toBe('2030-01-01T09:00');
    fireEvent.change(screen.getByLabelText('Duration (seconds)'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(action).toHaveBeenCalled());
    const sent = Object.fromEntries(action.mock.calls[0][0].entries());
    expect(sent).toMatchObject({
      intent: 'update',
      id: '2',
      durationInSeconds: '12',
      link: 'https://example.com/',
      startsAt: '2030-01-01T09:00',
      endsAt: '2030-01-02T09:00',
    });
    await screen.findByText(AD_MESSAGES.updated);
  });

  it("shows the action's field messages in the edit form", async () => {
    renderScreen([ad(1)], () => ({
      ok: false,
      text: AD_MESSAGES.updateFailed,
      id: 1,
      errors: { endsAt: AD_MESSAGES.endBeforeStart, link: AD_MESSAGES.link },
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit ad 1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await screen.findByText(AD_MESSAGES.endBeforeStart);
    screen.getByText(AD_MESSAGES.link);
  });

  it('an upload entry takes an optional start and end (India time), checked in the browser before it is sent', async () => {
    const action = vi.fn((_form: FormData) => ({ ok: true, text: AD_MESSAGES.uploaded }));
    renderScreen([], action);
    const picture = new File([new Uint8Array([137, 80, 78, 71])], 'first.png', { type: 'image/png' });
    fireEvent.change(await screen.findByLabelText(/Ad images/), { target: { files: [picture] } });
    const start = screen.getByLabelText('Start for first.png (India time, optional)');
    const end = screen.getByLabelText('End for first.png (India time, optional)');
    fireEvent.change(start, { target: { value: '2030-01-02T09:00' } });
    fireEvent.change(end, { target: { value: '2030-01-01T09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await screen.findByText(AD_MESSAGES.endBeforeStart);
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(action).not.toHaveBeenCalled();

    // Editing the end clears its message; the next Upload sends the window as India time.
    fireEvent.change(end, { target: { value: '2030-01-03T18:30' } });
    expect(screen.queryByText(AD_MESSAGES.endBeforeStart)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(action).toHaveBeenCalled());
    const sent = action.mock.calls[0][0];
    expect(sent.get('intent')).toBe('upload');
    expect(JSON.parse(String(sent.get('adDetails')))).toEqual([
      { durationInSeconds: 5, link: null, startsAt: '2030-01-02T09:00:00+05:30', endsAt: '2030-01-03T18:30:00+05:30' },
    ]);
    await screen.findByText(AD_MESSAGES.uploaded);
  });

  it('asks before deleting and posts the delete', async () => {
    const action = vi.fn((_form: FormData) => ({ ok: true, text: AD_MESSAGES.deleted }));
    renderScreen([ad(7)], action);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete ad 1' }));
    screen.getByText(AD_MESSAGES.confirmDelete);
    expect(action).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText(AD_MESSAGES.deleted);
    expect(Object.fromEntries(action.mock.calls[0][0].entries())).toEqual({ intent: 'delete', id: '7' });
  });
});
