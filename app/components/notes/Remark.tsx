// What the notes thread and the corrections panel share: one remark (who, when in India time, the
// plain text with its line breaks) and the box to write the next, with the తెలుగు/ENG typing toggle.
import { useId, type FormEvent, type ReactNode } from 'react';
import { TeluguTypingToggle } from '../TeluguTypingToggle.tsx';
import { formatDateTime } from '../public/format.ts';
import type { Note } from '../../../contract/notes.ts';
import '../../styles/notes.css';

export function Remark({ remark, children }: { remark: Note; children?: ReactNode }) {
  return (
    <li className="note">
      <p className="note-meta">
        <strong>{remark.author.displayName}</strong> <time dateTime={remark.createdAt}>{formatDateTime(remark.createdAt)}</time>
      </p>
      <p className="note-text" lang="te">
        {remark.text}
      </p>
      {children}
    </li>
  );
}

export function RemarkForm({
  label,
  max,
  rows,
  text,
  onText,
  onSubmit,
  children,
}: {
  label: string;
  max: number;
  rows: number;
  text: string;
  onText(text: string): void;
  onSubmit(): void;
  /** The submit button and anything after it. */
  children: ReactNode;
}) {
  const boxId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form className="note-form" onSubmit={submit}>
      <div className="note-form-head">
        <label htmlFor={boxId}>{label}</label>
        <TeluguTypingToggle />
      </div>
      <textarea
        id={boxId}
        rows={rows}
        maxLength={max}
        data-telugu
        value={text}
        onChange={(e) => onText(e.target.value)}
        aria-describedby={`${boxId}-count`}
      />
      <div className="note-form-foot">
        <span id={`${boxId}-count`} className="review-count">
          {text.length}/{max}
        </span>
        {children}
      </div>
    </form>
  );
}
