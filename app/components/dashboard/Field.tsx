// One shape for a labelled form field and for a form's messages, so every dashboard form reads the
// same to a screen reader: the error is tied to its input, the form's outcome is announced.
import type { ReactNode } from 'react';
import type { Notice } from './notice.tsx';

/** Props for the input inside a <Field>: its id, and its error (and hint, if any) wired to it. */
export function fieldProps(id: string, error?: string | null, { hint = false }: { hint?: boolean } = {}) {
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/** An input for a web address or an id pasted from one: no autocorrect, the phone's URL keyboard. */
export const URL_INPUT = { inputMode: 'url', autoComplete: 'off', spellCheck: false } as const;

export function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  /** The input, spread with fieldProps(id, error). */
  children: ReactNode;
}) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A form's failure, announced at once; nothing when there is none. */
export function FormError({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <p className="form-error" role="alert">
      {children}
    </p>
  );
}

/** The outcome of an action: success is a polite status, failure an alert. */
export function FormStatus({ status }: { status: Notice }) {
  if (!status) return null;
  return status.ok ? (
    <p className="form-success" role="status">
      {status.text}
    </p>
  ) : (
    <FormError>{status.text}</FormError>
  );
}
