// Deleting an article from a list: asked on the page first, then the route's clientAction deletes
// it (a fetcher, so the list is read again after it). A failure keeps the question open with the
// reason; a success closes it and says so once.
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { useConfirm } from '../dashboard/ConfirmDialog.tsx';
import type { Outcome } from '../dashboard/outcome.ts';

/** The delete question's words, for the kit's ConfirmDialog (`{...DELETE_ARTICLE}`). */
export const DELETE_ARTICLE = {
  title: 'Delete article',
  confirmLabel: 'Confirm',
  busyLabel: 'Deleting...',
  danger: true,
} as const;

/** A list route's clientAction answers a delete with its outcome and the article's `id`. */
export function useConfirmedDelete<T extends { id: number }>() {
  const fetcher = useFetcher<Outcome<{ id: number }>>();
  const asking = useConfirm<T>();
  // The outcome already shown when another delete was asked for: it is not announced again.
  const [seen, setSeen] = useState<Outcome<{ id: number }> | undefined>(undefined);
  const busy = fetcher.state !== 'idle';
  const outcome = !busy && fetcher.data !== seen ? fetcher.data : undefined;
  const item = asking.item;
  const mine = outcome && item && outcome.id === item.id ? outcome : undefined;
  return {
    item,
    busy,
    /** A success, for the page's status line. */
    done: outcome?.ok ? outcome : null,
    /** This question's failure, shown in it. */
    failed: mine && !mine.ok ? mine.text : null,
    ask(next: T) {
      setSeen(fetcher.data);
      asking.ask(next);
    },
    /** For the kit's ConfirmDialog. */
    dialog: { open: item !== null && !mine?.ok, onCancel: asking.dialog.onCancel },
    confirm: () => item && void fetcher.submit({ id: item.id }, { method: 'post' }),
  };
}
