// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoutesStub } from 'react-router';
import FeaturedCategories from './featured.tsx';
import { FEATURED_MESSAGES } from '../../../contract/categories.ts';

afterEach(cleanup);

describe('Featured Category Management', () => {
  it('posts the featured categories in order and shows the outcome', async () => {
    const action = vi.fn((_body: unknown) => ({ ok: true, text: FEATURED_MESSAGES.saved }));
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: FeaturedCategories as never,
        loader: () => ({ categories: [{ id: 3, name: 'సినిమా' }], selected: [], loadErrors: [] }),
        action: async ({ request }) => action(await request.json()),
      },
    ]);
    render(<Stub />);
    fireEvent.click(await screen.findByLabelText('సినిమా'));
    fireEvent.click(screen.getByRole('button', { name: 'Save Featured Categories' }));
    await screen.findByText(FEATURED_MESSAGES.saved);
    await waitFor(() => expect(action).toHaveBeenCalledWith({ ids: [3] }));
  });
});
