// A date (and time) typed as India reads it, whatever the browser's language: DD/MM/YYYY and a
// 24-hour HH:MM. The browser's own date inputs follow its language (MM/DD on an en-US browser) beside
// lists that print DD/MM, so a 03/04 could be either. The value in and out is what a
// `datetime-local` (or `date`) input holds, `YYYY-MM-DDTHH:MM` (`YYYY-MM-DD`), so the callers and
// the API are unchanged; while the text is not a real date the value is that text, which the
// server refuses with its own message (never '' for "now").
import { useId, useState } from 'react';

type Props = {
  /** The date box's id: the caller's <label htmlFor> names it. */
  id: string;
  /** Submitted under this name (a hidden input holding the value). */
  name?: string;
  /** Date only (`YYYY-MM-DD`). */
  dateOnly?: boolean;
  disabled?: boolean;
} & (
  | { value: string; onChange(value: string): void; defaultValue?: never }
  | { defaultValue?: string; value?: never; onChange?: never }
);

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD[THH:MM]` → the two boxes' text. */
function textOf(value: string): { date: string; time: string } {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}:\d{2}))?/.exec(value);
  return m ? { date: `${m[3]}/${m[2]}/${m[1]}`, time: m[4] ?? '' } : { date: '', time: '' };
}

/** The boxes' text → a value: the ISO-like form when both are real, '' when both are empty, else the text as typed. */
export function valueOf(date: string, time: string, dateOnly: boolean): string {
  const d = date.trim();
  const t = time.trim();
  if (!d && (dateOnly || !t)) return '';
  const dm = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(d);
  const tm = /^([01]?\d|2[0-3])[:.]?([0-5]\d)$/.exec(t);
  if (dm) {
    const [day, month, year] = [Number(dm[1]), Number(dm[2]), Number(dm[3])];
    const real = new Date(Date.UTC(year, month - 1, day));
    if (real.getUTCFullYear() === year && real.getUTCMonth() === month - 1 && real.getUTCDate() === day) {
      const iso = `${year}-${pad(month)}-${pad(day)}`;
      if (dateOnly) return iso;
      if (tm) return `${iso}T${pad(Number(tm[1]))}:${tm[2]}`;
    }
  }
  return dateOnly ? d : `${d} ${t}`.trim();
}

const HINT = { date: 'DD/MM/YYYY', time: 'HH:MM, 24-hour' };

export function IndiaDateTime(props: Props) {
  const { id, name, dateOnly = false, disabled } = props;
  const hintId = useId();
  const initial = props.value ?? props.defaultValue ?? '';
  const [text, setText] = useState(() => textOf(initial));
  // The value the boxes last gave (or were given): a different one from the caller (a reset) is shown instead.
  const [own, setOwn] = useState(initial);
  const value = props.value ?? own;
  if (props.value !== undefined && props.value !== own) {
    setOwn(props.value);
    setText(textOf(props.value));
  }

  const change = (next: { date: string; time: string }) => {
    setText(next);
    const out = valueOf(next.date, next.time, dateOnly);
    setOwn(out);
    props.onChange?.(out);
  };
  const wrong = value !== '' && !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/.test(value);
  const shared = {
    type: 'text',
    inputMode: 'numeric',
    autoComplete: 'off',
    disabled,
    'aria-describedby': hintId,
    'aria-invalid': wrong || undefined,
  } as const;

  return (
    <span className="india-datetime">
      <input
        {...shared}
        id={id}
        placeholder={HINT.date}
        size={11}
        maxLength={10}
        value={text.date}
        onChange={(e) => change({ ...text, date: e.target.value })}
      />
      {!dateOnly && (
        <input
          {...shared}
          aria-label="Time (24-hour, HH:MM)"
          placeholder="HH:MM"
          size={6}
          maxLength={5}
          value={text.time}
          onChange={(e) => change({ ...text, time: e.target.value })}
        />
      )}
      <span id={hintId} className={`india-datetime-hint${wrong ? ' wrong' : ''}`}>
        {wrong
          ? `Type the date as ${HINT.date}${dateOnly ? '' : ` and the time as ${HINT.time}`}.`
          : dateOnly
            ? HINT.date
            : `${HINT.date}, ${HINT.time}`}
      </span>
      {name && <input type="hidden" name={name} value={value} />}
    </span>
  );
}
