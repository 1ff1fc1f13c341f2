// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoutesStub } from 'react-router';
import ManageCategories from './categories.tsx';
import { CATEGORY_MESSAGES, type Category } from '../../../contract/categories.ts';

afterEach(cleanup);

function renderScreen(categories: Category[], action: (form: FormData) => unknown) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: ManageCategories as never,
      loader: () => ({ data: categories, error: null }),
      action: async ({ request }) => action(await request.formData()),
    },
  ]);
  render(<Stub />);
}

describe('Manage Categories', () => {
  it('creates through the action: the name is posted, a refusal shows in the form, done closes it', async () => {
    let answer: unknown = { ok: false, text: CATEGORY_MESSAGES.nameTaken };
    const action = vi.fn((_form: FormData) => answer);
    renderScreen([{ id: 1, name: 'రాజకీయం' }], action);
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    fireEvent.change(screen.getByPlaceholderText('Category Name'), { target: { value: 'క్రీడలు' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Create' }).at(-1)!);
    await screen.findByText(CATEGORY_MESSAGES.nameTaken);
    expect(Object.fromEntries(action.mock.calls[0][0].entries())).toEqual({ name: 'క్రీడలు' });

    answer = { ok: true, text: '' };
    fireEvent.click(screen.getAllByRole('button', { name: 'Create' }).at(-1)!);
    await waitFor(() => expect(screen.queryByPlaceholderText('Category Name')).toBeNull());
  });

  it('renames with the id, and shows the name rule from the action', async () => {
    const action = vi.fn((_form: FormData) => ({
      ok: false,
      text: CATEGORY_MESSAGES.nameRequired,
      errors: { name: CATEGORY_MESSAGES.nameRequired },
    }));
    renderScreen([{ id: 4, name: 'సినిమా' }], action);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit సినిమా' }));
    expect((screen.getByPlaceholderText('Category Name') as HTMLInputElement).value).toBe('సినిమా');
    fireEvent.change(screen.getByPlaceholderText('Category Name'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText(CATEGORY_MESSAGES.nameRequired);
    expect(Object.fromEntries(action.mock.calls[0][0].entries())).toEqual({ id: '4', name: ' ' });
  });
});
