// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoutesStub } from 'react-router';
import NavigationManagement from './navigation.tsx';
import { NAVIGATION_MESSAGES } from '../../../contract/categories.ts';

afterEach(cleanup);

describe('Navigation Bar Management', () => {
  it('posts the chosen categories in their order and shows the outcome', async () => {
    const action = vi.fn((_body: unknown) => ({ ok: true, text: NAVIGATION_MESSAGES.saved }));
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: NavigationManagement as never,
        loader: () => ({
          categories: [
            { id: 1, name: 'రాజకీయం' },
            { id: 2, name: 'క్రీడలు' },
          ],
          selected: [1],
          loadErrors: [],
        }),
        action: async ({ request }) => action(await request.json()),
      },
    ]);
    render(<Stub />);
    fireEvent.click(await screen.findByLabelText('క్రీడలు'));
    fireEvent.click(screen.getByRole('button', { name: 'Move క్రీడలు up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText(NAVIGATION_MESSAGES.saved);
    await waitFor(() => expect(action).toHaveBeenCalledWith({ ids: [2, 1] }));
  });
});
