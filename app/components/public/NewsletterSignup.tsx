// The newsletter sign-up (home, article and account pages): a plain HTML form that posts to the
// server's own page (server/newsletter/pages.ts), so it works without JavaScript and adds none to
// an islands page. The server answers with a page saying to check the inbox (double opt-in).
import { LIST_NAMES, NEWSLETTER_PATHS } from '../../../contract/newsletter.ts';

export function NewsletterSignup({ id = 'newsletter', email }: { id?: string; email?: string }) {
  return (
    <section className="newsletter-signup" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>ఈమెయిల్‌లో వార్తలు</h2>
      <form method="post" action={NEWSLETTER_PATHS.subscribe}>
        <label htmlFor={`${id}-email`}>మీ ఈమెయిల్ చిరునామా</label>
        <div className="newsletter-row">
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={email}
          />
          <button type="submit">చందా చేయండి</button>
        </div>
        <fieldset>
          <legend className="visually-hidden">జాబితాలు</legend>
          <label>
            <input type="checkbox" name="lists" value="daily" defaultChecked /> {LIST_NAMES.daily} (ప్రతి ఉదయం)
          </label>
          <label>
            <input type="checkbox" name="lists" value="breaking" /> {LIST_NAMES.breaking}
          </label>
        </fieldset>
      </form>
    </section>
  );
}
