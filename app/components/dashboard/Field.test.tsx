import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Field, FormError, FormStatus, fieldProps } from './Field.tsx';

describe('Field', () => {
  it('ties the error to its input so a screen reader reads them together', () => {
    const html = renderToStaticMarkup(
      <Field id="title" label="Title" error="Title is required">
        <input {...fieldProps('title', 'Title is required')} />
      </Field>,
    );
    expect(html).toContain('<label for="title">Title</label>');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="title-error"');
    expect(html).toContain('<p class="field-error" id="title-error">Title is required</p>');
  });

  it('marks nothing when the field is valid', () => {
    const html = renderToStaticMarkup(
      <Field id="title" label="Title">
        <input {...fieldProps('title', null)} />
      </Field>,
    );
    expect(html).not.toContain('aria-invalid');
    expect(html).not.toContain('field-error');
  });
});

describe('FormError and FormStatus', () => {
  it('announce failures as alerts and successes as status, and render nothing without a message', () => {
    expect(renderToStaticMarkup(<FormError>{''}</FormError>)).toBe('');
    expect(renderToStaticMarkup(<FormError>Upload failed</FormError>)).toBe(
      '<p class="form-error" role="alert">Upload failed</p>',
    );
    expect(renderToStaticMarkup(<FormStatus status={{ ok: true, text: 'Saved' }} />)).toBe(
      '<p class="form-success" role="status">Saved</p>',
    );
    expect(renderToStaticMarkup(<FormStatus status={null} />)).toBe('');
  });
});
