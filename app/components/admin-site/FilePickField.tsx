// Picking image files (About Us pictures, ads): the browser's quick check of type and size before
// anything is sent (the server decides again by the bytes), and the refused files listed by name.
import { Field, fieldProps } from '../dashboard/Field.tsx';
import { MAX_IMAGE_BYTES } from '../../../contract/articles.ts';

/** Splits picked files into those to keep and the messages for the others. */
export function checkFiles(
  files: File[],
  types: readonly string[],
  messages: { unsupported: (name: string) => string; tooLarge: (name: string) => string },
) {
  const accepted: File[] = [];
  const errors: string[] = [];
  for (const file of files) {
    if (!types.includes(file.type)) errors.push(messages.unsupported(file.name));
    else if (file.size > MAX_IMAGE_BYTES) errors.push(messages.tooLarge(file.name));
    else accepted.push(file);
  }
  return { accepted, errors };
}

export function FilePickField({
  id,
  label,
  types,
  disabled,
  errors,
  onFiles,
}: {
  id: string;
  label: string;
  types: readonly string[];
  disabled?: boolean;
  /** Why picked files were refused, one line each. */
  errors: string[];
  onFiles: (files: File[]) => void;
}) {
  return (
    <Field id={id} label={label}>
      <input
        {...fieldProps(id, errors.length ? errors.join(' ') : null)}
        type="file"
        multiple
        accept={types.join(',')}
        disabled={disabled}
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []));
          // Emptied, so picking the same file again is a change too.
          e.target.value = '';
        }}
      />
      {errors.length > 0 && (
        <ul id={`${id}-error`} className="file-errors form-error" role="alert">
          {errors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </Field>
  );
}
