// The article page's byline names the reporter of the author page only when the story's Author text
// is their display name (app/routes/public/article.tsx): the name it compares with.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { addReporter } from '../test/fixtures.ts';
import { users } from '../db/schema.ts';

const t = useTestApp();

describe(`the byline's display name (${TEST_DB})`, () => {
  it("is the reporter's own display name, trimmed; null without one and for other accounts", async () => {
    const named = await addReporter(t.services.db, 'Byline_Named');
    await t.services.db.update(users).set({ displayName: '  రవి కుమార్ ' }).where(eq(users.id, named.id));
    await addReporter(t.services.db, 'byline_unnamed');
    const [reader] = await t.signInAs('USER');
    await t.services.db.update(users).set({ displayName: 'పాఠకుడు' }).where(eq(users.id, reader.id));

    // Usernames are matched ignoring case, as the author page's address is.
    expect(await t.services.authors.displayNameOf('byline_named')).toBe('రవి కుమార్');
    expect(await t.services.authors.displayNameOf('byline_unnamed')).toBeNull();
    expect(await t.services.authors.displayNameOf(reader.username)).toBeNull();
    expect(await t.services.authors.displayNameOf('nobody-here')).toBeNull();
  });
});
