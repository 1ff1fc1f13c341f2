// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoutesStub } from 'react-router';
import ManageTags from './tags.tsx';
import { TAG_MESSAGES } from '../../../contract/tags.ts';

afterEach(cleanup);

const tag = (id: number, name: string) => ({ id, name, slug: name, url: `/tag/${name}`, articles: id });

describe('Manage Tags', () => {
  it('renames through the action and says so; a refusal stays in the panel', async () => {
    let answer = { ok: false, text: 'A tag with this name already exists.' };
    const action = vi.fn((_form: FormData) => answer);
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: ManageTags as never,
        loader: () => ({ data: [tag(1, 'ఎన్నికలు'), tag(2, 'వర్షాలు')], error: null }),
        action: async ({ request }) => action(await request.formData()),
      },
    ]);
    render(<Stub />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit ఎన్నికలు' }));
    fireEvent.change(screen.getByLabelText('New name'), { target: { value: 'వర్షాలు' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await screen.findByText('A tag with this name already exists.');
    expect(Object.fromEntries(action.mock.calls[0][0].entries())).toEqual({ intent: 'rename', id: '1', name: 'వర్షాలు' });

    answer = { ok: true, text: TAG_MESSAGES.renamed };
    fireEvent.change(screen.getByLabelText('New name'), { target: { value: 'ఎన్నికలు 2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await screen.findByText(TAG_MESSAGES.renamed);
    await waitFor(() => expect(screen.queryByLabelText('New name')).toBeNull());
  });

  it("edits in the tag's own row, naming it, and asks before a merge", async () => {
    const action = vi.fn((_form: FormData) => ({ ok: true, text: TAG_MESSAGES.merged }));
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: ManageTags as never,
        loader: () => ({ data: [tag(1, 'ఎన్నికలు'), tag(2, 'వర్షాలు'), tag(3, 'వరదలు')], error: null }),
        action: async ({ request }) => action(await request.formData()),
      },
    ]);
    render(<Stub />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit ఎన్నికలు' }));
    const editor = screen.getByRole('region', { name: 'Edit tag ఎన్నికలు' });
    // The editor is the row right under the tag's own.
    expect(editor.closest('tr')?.previousElementSibling?.textContent).toContain('ఎన్నికలు');
    expect(editor.textContent).toContain('Rename or merge “ఎన్నికలు”');
    expect(screen.getByRole('button', { name: /తెలుగు/ })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Find a tag'), { target: { value: 'వర్' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a tag', 'వర్షాలు (2 stories)']);
    fireEvent.change(screen.getByLabelText('Merge into'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Merge' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Merge “ఎన్నికలు” into “వర్షాలు”?');
    expect(action).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: 'Merge' }).at(-1)!);
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(Object.fromEntries(action.mock.calls[0][0].entries())).toEqual({ intent: 'merge', id: '1', into: '2' });
  });
});
