// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoutesStub } from 'react-router';
import AboutUsManagement from './about.tsx';
import { ABOUT_MESSAGES } from '../../../contract/about.ts';

afterEach(cleanup);

describe('About Us Management', () => {
  it('saves the stored page with the images kept, and a removed image is left out', async () => {
    const action = vi.fn((_form: FormData) => ({ ok: true, text: ABOUT_MESSAGES.saved }));
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: AboutUsManagement as never,
        loader: () => ({
          data: { content: '<p>మా గురించి</p>', imageUrls: ['/media/a.webp', '/media/b.webp'], images: [] },
          error: null,
        }),
        action: async ({ request }) => action(await request.formData()),
      },
    ]);
    // The screen's own reads (the history, who is signed in): an empty answer.
    const fetched = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json([]));
    render(<Stub />);
    await screen.findByText('Images (2 of 4)');
    fireEvent.click(screen.getByRole('button', { name: 'Remove image 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(ABOUT_MESSAGES.saved);
    await waitFor(() => expect(action).toHaveBeenCalled());
    const sent = action.mock.calls[0][0];
    expect(sent.get('content')).toBe('<p>మా గురించి</p>');
    expect(JSON.parse(String(sent.get('keepImageUrls')))).toEqual(['/media/b.webp']);
    fetched.mockRestore();
  });
});
