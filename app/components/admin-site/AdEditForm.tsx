// Editing one ad on Ad Management: its duration, link, and when readers see it (a start and an end,
// India time; either may be left empty). Posted to the route's clientAction through the screen's
// fetcher; the server checks again (an end before the start, a bad link).
import type { useFetcher } from 'react-router';
import { Field, fieldProps, FormError } from '../form/Field.tsx';
import { formatDateTime } from '../public/format.ts';
import { inWindow, type Ad } from '../../../contract/ads.ts';
import { isoToIndiaLocal } from '../../../contract/review.ts';

/** An edit's answer beyond its notice: the message of each field, and the ad it was for. */
export type AdEditOutcome = { fieldErrors?: Record<string, string>; id?: number };

type Answer = { ok: boolean; text: string } & AdEditOutcome;

/** When readers see the ad, as the list says it. */
export function adWindowText(ad: Pick<Ad, 'startsAt' | 'endsAt'>, now = new Date()): string {
  const shown = inWindow(ad, now) ? 'Shown to readers now' : 'Not shown to readers now';
  if (!ad.startsAt && !ad.endsAt) return `${shown} (no start or end)`;
  const from = ad.startsAt ? `from ${formatDateTime(ad.startsAt)}` : '';
  const until = ad.endsAt ? `until ${formatDateTime(ad.endsAt)}` : '';
  return `${shown}: ${[from, until].filter(Boolean).join(' ')}`;
}

export function AdEditForm({
  ad,
  number,
  fetcher,
  onCancel,
}: {
  ad: Ad;
  /** The ad's place in the list (its name on the screen: "Ad 2"). */
  number: number;
  fetcher: ReturnType<typeof useFetcher<Answer>>;
  onCancel(): void;
}) {
  const saving = fetcher.state !== 'idle';
  const answer = !saving && fetcher.data?.id === ad.id && !fetcher.data.ok ? fetcher.data : null;
  const errors = answer?.fieldErrors ?? {};
  const field = (name: string, label: string, input: object, value: string | number) => {
    const id = `ad-edit-${name}`;
    return (
      <Field id={id} label={label} error={errors[name]}>
        <input {...fieldProps(id, errors[name])} {...input} name={name} defaultValue={value} />
      </Field>
    );
  };
  return (
    <fetcher.Form method="post" noValidate className="ad-edit">
      <h2>Edit ad {number}</h2>
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={ad.id} />
      {field(
        'durationInSeconds',
        'Duration (seconds)',
        { type: 'number', inputMode: 'numeric', min: 1, step: 1 },
        ad.durationInSeconds,
      )}
      {field('link', 'Link (optional)', { type: 'url', inputMode: 'url', placeholder: 'https://' }, ad.link ?? '')}
      {field(
        'startsAt',
        'Start (India time, optional)',
        { type: 'datetime-local' },
        ad.startsAt ? isoToIndiaLocal(ad.startsAt) : '',
      )}
      {field('endsAt', 'End (India time, optional)', { type: 'datetime-local' }, ad.endsAt ? isoToIndiaLocal(ad.endsAt) : '')}
      <p className="muted">Readers see the ad only between its start and end. Leave them empty to show it at all times.</p>
      <FormError>{answer && !answer.fieldErrors ? answer.text : null}</FormError>
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
