// The reporter's author profile on the account page: the Telugu display name, a short bio and a
// photo, shown on their public page (/author/{username}) and the byline's link leads there.
import { useEffect, useState, type FormEvent } from 'react';
import { ApiRequestError, call, formOf } from '../../lib/api.ts';
import { Field, fieldProps, FormStatus } from '../dashboard/Field.tsx';
import type { Notice } from '../dashboard/notice.tsx';
import { BIO_MAX, DISPLAY_NAME_MAX, PROFILE_ROUTES, type Profile } from '../../../contract/authors.ts';

export function AuthorProfile() {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [values, setValues] = useState({ displayName: '', bio: '' });
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Notice>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    call(PROFILE_ROUTES.get)
      .then((p) => {
        setProfile(p);
        setValues({ displayName: p.displayName ?? '', bio: p.bio ?? '' });
      })
      .catch(() => setStatus({ ok: false, text: 'Could not load your author profile.' }));
  }, []);

  async function save(event: FormEvent, removePhoto = false) {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    setStatus(null);
    const form = formOf(
      PROFILE_ROUTES.update,
      { displayName: values.displayName, bio: values.bio, ...(removePhoto ? { removePhoto: true } : {}) },
      { photo: !removePhoto && photo ? [photo] : [] },
    );
    try {
      const saved = await call(PROFILE_ROUTES.update, { form });
      setProfile(saved);
      setPhoto(null);
      setStatus({ ok: true, text: 'Profile saved.' });
    } catch (error) {
      const body = error instanceof ApiRequestError ? error.body : null;
      if (body?.errors) setErrors(body.errors);
      setStatus({ ok: false, text: body?.message ?? 'Could not save your profile. Please try again.' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="account-section" aria-labelledby="author-profile">
      <h2 id="author-profile">Author profile</h2>
      {profile?.url && (
        <p>
          Your page: <a href={profile.url}>{profile.url}</a>
        </p>
      )}
      <form onSubmit={(e) => void save(e)} noValidate>
        <Field id="profile-display-name" label="Display name (Telugu)" error={errors.displayName}>
          <input
            {...fieldProps('profile-display-name', errors.displayName)}
            lang="te"
            data-telugu
            maxLength={DISPLAY_NAME_MAX}
            value={values.displayName}
            onChange={(e) => setValues({ ...values, displayName: e.target.value })}
          />
        </Field>
        <Field id="profile-bio" label={`Short bio (up to ${BIO_MAX} characters)`} error={errors.bio}>
          <textarea
            {...fieldProps('profile-bio', errors.bio)}
            lang="te"
            data-telugu
            rows={3}
            maxLength={BIO_MAX}
            value={values.bio}
            onChange={(e) => setValues({ ...values, bio: e.target.value })}
          />
        </Field>
        {profile?.photo && <img className="profile-photo" src={profile.photo.url} width={96} height={96} alt="Your photo" />}
        <Field id="profile-photo" label="Photo (JPG, PNG or WEBP, up to 2 MB)" error={errors.photo}>
          <input
            {...fieldProps('profile-photo', errors.photo)}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
          />
        </Field>
        <div className="form-actions">
          <button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save profile'}
          </button>
          {profile?.photo && (
            <button type="button" className="secondary" disabled={saving} onClick={(e) => void save(e, true)}>
              Remove photo
            </button>
          )}
        </div>
        <FormStatus status={status} />
      </form>
    </section>
  );
}
