// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoutesStub } from 'react-router';
import { ConfirmDialog, useConfirm } from './ConfirmDialog.tsx';

afterEach(cleanup);

function DeleteScreen({ onDelete }: { onDelete: (name: string) => void }) {
  const deleting = useConfirm<string>();
  return (
    <>
      <button onClick={() => deleting.ask('Sports')}>Delete Sports</button>
      <ConfirmDialog
        {...deleting.dialog}
        title="Delete category"
        confirmLabel="Delete"
        danger
        onConfirm={() => onDelete(deleting.item!)}
      >
        <p>Delete {deleting.item}?</p>
      </ConfirmDialog>
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks first, offers the way back first, and acts only on its own button', async () => {
    const onDelete = vi.fn();
    const Stub = createRoutesStub([{ path: '/', Component: () => <DeleteScreen onDelete={onDelete} /> }]);
    render(<Stub />);
    fireEvent.click(await screen.findByText('Delete Sports'));
    expect(screen.getByText('Delete Sports?')).toBeTruthy();
    const buttons = screen.getAllByRole('button', { hidden: true }).map((b) => b.textContent);
    expect(buttons.slice(-2)).toEqual(['Cancel', 'Delete']);
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('Delete'));
    expect(onDelete).toHaveBeenCalledWith('Sports');
  });
});
