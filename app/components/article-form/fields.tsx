// The article form's fields, each a labelled control with its error tied to it (Field from
// app/components/dashboard/Field.tsx). ArticleForm.tsx holds the values and the rules.
import { lazy, Suspense, useState } from 'react';
import { MAX_TAGS, splitTags } from '../../../contract/tags.ts';
import { Field, fieldProps, URL_INPUT } from '../dashboard/Field.tsx';
import { SUMMARY_MAX } from '../../../contract/articles.ts';
import { youtubeIdFrom } from '../../../contract/article-form.ts';
import type { Category } from '../../../contract/categories.ts';
import { DISTRICTS, STATE_NAMES, type State } from '../../../contract/districts.ts';

const RichTextEditor = lazy(() => import('../editor/RichTextEditor.tsx'));

type Props<T> = { id: string; value: T; onChange(value: T): void; error?: string };

/** Title, author, region: Telugu text (the 'తెలుగు / ENG' typing applies to them). */
export function TextField({ label, name, ...props }: Props<string> & { label: string; name: string }) {
  return (
    <Field id={props.id} label={label} error={props.error}>
      <input
        {...fieldProps(props.id, props.error)}
        name={name}
        lang="te"
        data-telugu
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </Field>
  );
}

/** The story's district edition (optional): the districts of each state, Telugu and English names. */
export function DistrictField(props: Props<string>) {
  const { id, value, onChange, error } = props;
  return (
    <Field id={id} label="District (optional)" error={error}>
      <select {...fieldProps(id, error)} name="district" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">No district</option>
        {(Object.keys(STATE_NAMES) as State[]).map((state) => (
          <optgroup key={state} label={STATE_NAMES[state].en}>
            {DISTRICTS.filter((d) => d.state === state).map((d) => (
              <option key={d.slug} value={d.slug}>
                {d.te} ({d.en})
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </Field>
  );
}

/** One category (a select) on the reporter's screens; several (checkboxes) on the admin's. */
export function CategoryField({
  multiple,
  categories,
  ...props
}: Props<number[]> & { multiple: boolean; categories: readonly Category[] }) {
  const { id, value, onChange, error } = props;
  if (!multiple) {
    return (
      <Field id={id} label="Category" error={error}>
        <select
          {...fieldProps(id, error)}
          name="category"
          value={value[0] ?? ''}
          onChange={(e) => onChange(e.target.value ? [Number(e.target.value)] : [])}
        >
          <option value="">Select a category</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
    );
  }
  return (
    <fieldset className="field category-checks" {...fieldProps(id, error)}>
      <legend>Categories</legend>
      {categories.map((c) => (
        <label key={c.id} className="check">
          <input
            type="checkbox"
            checked={value.includes(c.id)}
            onChange={(e) => onChange(e.target.checked ? [...value, c.id] : value.filter((v) => v !== c.id))}
          />
          {c.name}
        </label>
      ))}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The body in the rich-text editor (loaded on demand: it is the largest part of the form). */
export function ContentField({ id, value, onChange, error, readOnly }: Props<string> & { readOnly?: boolean }) {
  return (
    <div className="field" id={id}>
      <span className="label" id={`${id}-label`}>
        Content
      </span>
      <Suspense fallback={<div className="editor-loading">Loading editor...</div>}>
        <RichTextEditor
          initialContent={value}
          onChange={onChange}
          label="Article content"
          invalid={!!error}
          describedBy={error ? `${id}-error` : undefined}
          readOnly={readOnly}
        />
      </Suspense>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The reporter's own summary: readers see it under the title in lists instead of the opening lines. */
export function SummaryField({ id, value, onChange, error }: Props<string>) {
  const left = SUMMARY_MAX - [...value].length;
  return (
    <Field
      id={id}
      label="Summary (optional)"
      error={error}
      hint={`Shown under the title in lists and link previews; without it the first lines of the article are used. ${left} characters left.`}
    >
      <textarea
        {...fieldProps(id, error, { hint: true })}
        name="summary"
        rows={2}
        lang="te"
        data-telugu
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

/** The video: the 11-character id, or a pasted YouTube link, which becomes its id at once. */
export function VideoField({ id, value, onChange, error }: Props<string>) {
  return (
    <Field id={id} label="YouTube video ID (optional)" error={error} hint="Paste the video's link or type its 11-character ID.">
      <input
        {...fieldProps(id, error, { hint: true })}
        name="youtubeVideoId"
        {...URL_INPUT}
        placeholder="e.g. dQw4w9WgXcQ"
        value={value}
        onChange={(e) => {
          const videoId = youtubeIdFrom(e.target.value);
          // A link becomes its id; anything else stays as typed (the rule says what is wrong).
          onChange(videoId === e.target.value.trim() ? e.target.value : videoId);
        }}
      />
    </Field>
  );
}

/** Topics: up to 10, separated by commas, Telugu or English (contract/tags.ts). */
export function TagsField({ id, value, onChange, error }: Props<string[] | undefined>) {
  // The text as typed (a trailing comma, a space): the list is what the schema reads.
  const [text, setText] = useState(() => (value ?? []).join(', '));
  return (
    <Field id={id} label={`Tags (up to ${MAX_TAGS}, separated by commas)`} error={error}>
      <input
        {...fieldProps(id, error)}
        name="tags"
        lang="te"
        data-telugu
        value={text}
        placeholder="ఎన్నికలు, Hyderabad"
        onChange={(e) => {
          setText(e.target.value);
          onChange(splitTags(e.target.value));
        }}
      />
    </Field>
  );
}
