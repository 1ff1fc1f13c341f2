// A labelled password input with its field error: the account screens' one shape.
import type { ReactNode } from 'react';

export function PasswordField({
  id,
  name,
  label,
  autoComplete,
  value,
  onChange,
  error,
  children,
}: {
  id: string;
  /** The form field's name (a <Form>/fetcher submission reads it). */
  name?: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  /** Given where the form validates this field (undefined: the field is not validated on its own). */
  error?: string | null;
  /** Below the input: a strength meter, a hint. */
  children?: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="password"
        autoComplete={autoComplete}
        value={value}
        aria-invalid={error === undefined ? undefined : !!error}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {children}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
