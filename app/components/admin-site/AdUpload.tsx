// Ad Management's upload: up to 5 chosen pictures, each with its details (./AdEditForm.tsx), checked in
// the browser, then posted together (`intent=upload`: the `images` and their `adDetails`, JSON in the
// same order) to the screen's clientAction. Chosen ads not uploaded yet are asked about before leaving.
import { useEffect, useState, type FormEvent } from 'react';
import type { useFetcher } from 'react-router';
import { AD_IMAGE_TYPES, AD_MESSAGES, MAX_ADS_PER_UPLOAD } from '../../../contract/ads.ts';
import { LeaveGuard } from '../dashboard/LeaveGuard.tsx';
import type { Notice } from '../dashboard/notice.tsx';
import type { Outcome } from '../dashboard/outcome.ts';
import {
  AD_FIELD_NAMES,
  AD_WINDOW_HINT,
  AdDetailField,
  checkAdDetail,
  NEW_AD_TYPED,
  type AdFieldName,
  type AdTyped,
} from './AdEditForm.tsx';
import { checkFiles, FilePickField } from './FilePickField.tsx';
import { useFilePreviews } from './useFilePreviews.ts';

/** A chosen picture not uploaded yet, and its fields as typed. */
type Pending = { key: string; file: File; preview: string; typed: AdTyped };

let pendingCounter = 0;

type Uploader = ReturnType<typeof useFetcher<Outcome<{ id?: number }>>>;

/**
 * The upload's state: the chosen ads, the files refused and each field's message, and the browser's
 * own notice (nothing chosen). `onStart(sent)` is told when a new choice or check begins (false) and
 * when the upload is sent (true), so the screen knows whose outcome to show.
 */
export function useAdUpload(uploader: Uploader, onStart: (sent: boolean) => void) {
  const [pending, updatePending] = useFilePreviews<Pending>();
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);

  // An upload done empties the chosen files.
  useEffect(() => {
    if (uploader.state === 'idle' && uploader.data?.ok) {
      updatePending(() => []);
      setFileErrors([]);
    }
  }, [uploader.state, uploader.data, updatePending]);

  function choose(files: File[]) {
    // at most 5 per upload, extras dropped (the server drops them too).
    const kept = files.slice(0, MAX_ADS_PER_UPLOAD);
    const { accepted, errors } = checkFiles(kept, AD_IMAGE_TYPES, {
      unsupported: AD_MESSAGES.notAllowed,
      tooLarge: AD_MESSAGES.tooLarge,
    });
    if (files.length > kept.length) errors.unshift(AD_MESSAGES.dropped(files.length - kept.length));
    setFileErrors(errors);
    setFieldErrors({});
    setNotice(null);
    onStart(false);
    updatePending(() =>
      accepted.map((file) => ({ key: `ad-${++pendingCounter}`, file, preview: URL.createObjectURL(file), typed: NEW_AD_TYPED })),
    );
  }

  // Editing a field clears its message; the next Upload checks again.
  const update = (key: string, field: AdFieldName, value: string) => {
    updatePending((list) => list.map((p) => (p.key === key ? { ...p, typed: { ...p.typed, [field]: value } } : p)));
    setFieldErrors(({ [`${key}-${field}`]: _cleared, ...rest }) => rest);
  };

  function upload(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    onStart(false);
    if (pending.length === 0) {
      setNotice({ ok: false, text: AD_MESSAGES.noneSelected });
      return;
    }
    const errors: Record<string, string> = {};
    const details = pending.map((p) => {
      const checked = checkAdDetail(p.typed);
      if (checked.ok) return checked.detail;
      for (const [field, message] of Object.entries(checked.fieldErrors)) if (message) errors[`${p.key}-${field}`] = message;
      return null;
    });
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;

    const form = new FormData();
    form.append('intent', 'upload');
    for (const p of pending) form.append('images', p.file, p.file.name);
    form.append('adDetails', JSON.stringify(details));
    onStart(true);
    void uploader.submit(form, { method: 'post', encType: 'multipart/form-data' });
  }

  return { pending, fileErrors, fieldErrors, notice, choose, update, upload };
}

export function AdUploadForm({ upload, uploading }: { upload: ReturnType<typeof useAdUpload>; uploading: boolean }) {
  const { pending, fileErrors, fieldErrors } = upload;
  return (
    <form onSubmit={upload.upload} noValidate aria-labelledby="upload-heading">
      {/* Chosen ads not uploaded yet are asked about before leaving. */}
      <LeaveGuard when={pending.length > 0 && !uploading} />
      <h2 id="upload-heading">Upload ads</h2>
      <FilePickField
        id="ad-images"
        label={`Ad images (up to ${MAX_ADS_PER_UPLOAD} at a time; JPEG, PNG, GIF or WEBP, up to 2 MB each)`}
        types={AD_IMAGE_TYPES}
        errors={fileErrors}
        onFiles={upload.choose}
      />
      {pending.length > 0 && (
        <ul className="ad-pending">
          {pending.map((p) => (
            <li key={p.key}>
              <div>
                <img src={p.preview} alt={`Preview of ${p.file.name}`} />
                <span className="file-name">{p.file.name}</span>
              </div>
              {AD_FIELD_NAMES.map((field) => (
                <AdDetailField
                  key={field}
                  id={`${p.key}-${field}`}
                  field={field}
                  file={p.file.name}
                  value={p.typed[field]}
                  onChange={(e) => upload.update(p.key, field, e.target.value)}
                  error={fieldErrors[`${p.key}-${field}`]}
                />
              ))}
            </li>
          ))}
        </ul>
      )}
      {pending.length > 0 && <p className="muted">{AD_WINDOW_HINT}</p>}
      <button type="submit" disabled={uploading}>
        {uploading ? 'Uploading...' : 'Upload'}
      </button>
    </form>
  );
}
