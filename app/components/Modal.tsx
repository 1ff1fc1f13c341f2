// A modal on the native <dialog>: the page behind is inert, focus is trapped inside and
// returns to the opener on close; a click on the backdrop closes it.
import { useEffect, useRef, type ReactNode } from 'react';

type Props = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  className?: string;
  /** Lock page scroll while open (the login modal does, docs/product.md). */
  lockScroll?: boolean;
};

export function Modal({ open, onClose, title, children, className, lockScroll = true }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    if (open && lockScroll) {
      const previous = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
      return () => {
        document.body.style.overflow = previous;
      };
    }
  }, [open, lockScroll]);

  return (
    <dialog
      ref={ref}
      className={`modal ${className ?? ''}`}
      aria-label={title}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // The dialog element itself is only hit on its backdrop (content fills the inner box).
        if (e.target === ref.current) onClose();
      }}
    >
      {open && <div className="modal-box">{children}</div>}
    </dialog>
  );
}
