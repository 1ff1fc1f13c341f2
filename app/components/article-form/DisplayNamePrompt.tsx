// Above a reporter's first story, when the account has no display name: the name readers see on
// the byline and the author page (/author/{username}), asked for (never the username in its place). Saved on the account's
// author profile (its bio and photo kept); the story's Author field then starts with it.
import { useState, type FormEvent } from 'react';
import { call, formOf } from '../../lib/api.ts';
import { Field, fieldProps } from '../dashboard/Field.tsx';
import { DISPLAY_NAME_MAX, PROFILE_ROUTES } from '../../../contract/authors.ts';

export function DisplayNamePrompt({ onDone }: { onDone: (name: string) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const displayName = name.trim();
    if (!displayName) return setError('Enter your name as readers should see it.');
    setSaving(true);
    setError('');
    try {
      const profile = await call(PROFILE_ROUTES.get);
      const form = formOf(PROFILE_ROUTES.update, { displayName, bio: profile.bio ?? '' }, { photo: [] });
      const saved = await call(PROFILE_ROUTES.update, { form });
      onDone(saved.displayName ?? displayName);
    } catch {
      setError('Could not save your name. Please try again.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="display-name-prompt" aria-labelledby="display-name-prompt">
      <h2 id="display-name-prompt">Your name on your stories</h2>
      <p>
        Readers see it on the byline and on your author page. Write it as it should appear (in Telugu); you can change it on your
        account page.
      </p>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Field id="first-display-name" label="Display name (Telugu)" error={error || undefined}>
          <input
            {...fieldProps('first-display-name', error || undefined)}
            lang="te"
            data-telugu
            maxLength={DISPLAY_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <button type="submit" disabled={saving}>
          Save name
        </button>
      </form>
    </section>
  );
}
