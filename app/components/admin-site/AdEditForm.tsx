// An ad's details on Ad Management, for an upload's entries and the Edit form alike: its duration,
// link, and when readers see it (a start and an end, India time; either may be left empty). One
// field component and one check (the contract's schema) for both; the server checks again.
import type { InputHTMLAttributes } from 'react';
import type { useFetcher } from 'react-router';
import { Field, fieldProps, FormError } from '../dashboard/Field.tsx';
import type { Outcome } from '../dashboard/outcome.ts';
import { formatDateTime } from '../public/format.ts';
import { AD_DEFAULT_DURATION, AdDetailSchema, inWindow, type Ad, type AdDetail } from '../../../contract/ads.ts';
import { indiaLocalToIso, isoToIndiaLocal } from '../../../contract/review.ts';

/** When readers see the ad, as the list says it. */
export function adWindowText(ad: Pick<Ad, 'startsAt' | 'endsAt'>, now = new Date()): string {
  const shown = inWindow(ad, now) ? 'Shown to readers now' : 'Not shown to readers now';
  if (!ad.startsAt && !ad.endsAt) return `${shown} (no start or end)`;
  const from = ad.startsAt ? `from ${formatDateTime(ad.startsAt)}` : '';
  const until = ad.endsAt ? `until ${formatDateTime(ad.endsAt)}` : '';
  return `${shown}: ${[from, until].filter(Boolean).join(' ')}`;
}

/** Said under the start and end fields. */
export const AD_WINDOW_HINT = 'Readers see the ad only between its start and end. Leave them empty to show it at all times.';

/** An ad's fields: the label (`of`: ' for first.png' on an upload's entry, '' on Edit) and the input. */
const AD_FIELDS = {
  durationInSeconds: {
    label: (of: string) => `Duration${of} (seconds)`,
    input: { type: 'number', inputMode: 'numeric', min: 1, step: 1 },
  },
  link: { label: (of: string) => `Link${of} (optional)`, input: { type: 'url', inputMode: 'url', placeholder: 'https://' } },
  startsAt: { label: (of: string) => `Start${of} (India time, optional)`, input: { type: 'datetime-local' } },
  endsAt: { label: (of: string) => `End${of} (India time, optional)`, input: { type: 'datetime-local' } },
} satisfies Record<keyof AdDetail, { label: (of: string) => string; input: InputHTMLAttributes<HTMLInputElement> }>;

export type AdFieldName = keyof typeof AD_FIELDS;
export const AD_FIELD_NAMES = Object.keys(AD_FIELDS) as AdFieldName[];

/** What a form holds for an ad: each field as typed (start and end as `datetime-local` values, India time). */
export type AdTyped = Record<AdFieldName, string>;

/** A new upload entry's fields: the default duration, the rest empty. */
export const NEW_AD_TYPED: AdTyped = { durationInSeconds: String(AD_DEFAULT_DURATION), link: '', startsAt: '', endsAt: '' };

/** A `datetime-local` value (India time) as the API takes it; blank stays blank, anything else is checked as typed. */
const moment = (value: string) => {
  const text = value.trim();
  return text ? (indiaLocalToIso(text) ?? text) : null;
};

/** What a form holds, checked with the contract's schema: the details to send, or the message of each field. */
export function checkAdDetail(
  typed: Partial<AdTyped>,
): { ok: true; detail: AdDetail } | { ok: false; fieldErrors: Partial<Record<AdFieldName, string>> } {
  const parsed = AdDetailSchema.safeParse({
    durationInSeconds: typed.durationInSeconds?.trim() || undefined,
    link: typed.link ?? null,
    startsAt: moment(typed.startsAt ?? ''),
    endsAt: moment(typed.endsAt ?? ''),
  });
  if (parsed.success) return { ok: true, detail: parsed.data };
  const fieldErrors: Partial<Record<AdFieldName, string>> = {};
  for (const issue of parsed.error.issues) fieldErrors[issue.path[0] as AdFieldName] ??= issue.message;
  return { ok: false, fieldErrors };
}

/** One of an ad's fields with its label and message; the rest of the props go to the input. */
export function AdDetailField({
  id,
  field,
  file,
  error,
  ...input
}: {
  id: string;
  field: AdFieldName;
  /** The picture's file name, on an upload's entry. */
  file?: string;
  error?: string | null;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const { label, input: kind } = AD_FIELDS[field];
  return (
    <Field id={id} label={label(file ? ` for ${file}` : '')} error={error}>
      <input {...fieldProps(id, error)} {...kind} {...input} />
    </Field>
  );
}

/** Editing one ad, posted to the route's clientAction through the screen's fetcher. */
export function AdEditForm({
  ad,
  number,
  fetcher,
  onCancel,
}: {
  ad: Ad;
  /** The ad's place in the list (its name on the screen: "Ad 2"). */
  number: number;
  fetcher: ReturnType<typeof useFetcher<Outcome<{ id?: number }>>>;
  onCancel(): void;
}) {
  const saving = fetcher.state !== 'idle';
  const answer = !saving && fetcher.data?.id === ad.id && !fetcher.data.ok ? fetcher.data : null;
  const errors: Partial<Record<AdFieldName, string>> = answer?.errors ?? {};
  const now: AdTyped = {
    durationInSeconds: String(ad.durationInSeconds),
    link: ad.link ?? '',
    startsAt: ad.startsAt ? isoToIndiaLocal(ad.startsAt) : '',
    endsAt: ad.endsAt ? isoToIndiaLocal(ad.endsAt) : '',
  };
  return (
    <fetcher.Form method="post" noValidate className="ad-edit">
      <h2>Edit ad {number}</h2>
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={ad.id} />
      {AD_FIELD_NAMES.map((name) => (
        <AdDetailField key={name} id={`ad-edit-${name}`} field={name} name={name} defaultValue={now[name]} error={errors[name]} />
      ))}
      <p className="muted">{AD_WINDOW_HINT}</p>
      <FormError>{answer && !answer.errors ? answer.text : null}</FormError>
      <div className="modal-actions">
        <button type="button" className="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </fetcher.Form>
  );
}
