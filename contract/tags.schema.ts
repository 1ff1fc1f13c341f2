// Tags on the wire as zod schemas (the public bundles import ./tags.ts, which has no zod).
import { z } from 'zod';
import { MAX_TAGS, TAG_MESSAGES, TAG_NAME_MAX, tagSlug } from './tags.ts';

/** One tag's name as a reporter types it: trimmed, inner spaces folded, 1 to 50 characters, with a letter or digit. */
export const TagNameSchema = z
  .string()
  .transform((v) => v.normalize('NFC').trim().replace(/\s+/g, ' '))
  .superRefine((v, ctx) => {
    if (!v) ctx.addIssue({ code: 'custom', message: TAG_MESSAGES.nameRequired });
    else if (v.length > TAG_NAME_MAX) ctx.addIssue({ code: 'custom', message: TAG_MESSAGES.tooLong(v) });
    else if (!tagSlug(v)) ctx.addIssue({ code: 'custom', message: TAG_MESSAGES.noLetters(v) });
  });

/**
 * The `tags` field of the article forms: up to 10 names; blank ones are dropped and two with the
 * same slug count once. Absent on an edit: the story keeps its tags.
 */
export const TagsFieldSchema = z
  .array(z.string().max(1000), { error: TAG_MESSAGES.tooMany })
  .max(100, TAG_MESSAGES.tooMany)
  .transform((names, ctx) => {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const raw of names) {
      const name = raw.normalize('NFC').trim().replace(/\s+/g, ' ');
      if (!name) continue;
      if (name.length > TAG_NAME_MAX) {
        ctx.addIssue({ code: 'custom', message: TAG_MESSAGES.tooLong(name) });
        return z.NEVER;
      }
      const slug = tagSlug(name);
      if (!slug) {
        ctx.addIssue({ code: 'custom', message: TAG_MESSAGES.noLetters(name) });
        return z.NEVER;
      }
      if (seen.has(slug)) continue;
      seen.add(slug);
      out.push(name);
    }
    if (out.length > MAX_TAGS) {
      ctx.addIssue({ code: 'custom', message: TAG_MESSAGES.tooMany });
      return z.NEVER;
    }
    return out;
  });

export const TagRefSchema = z.object({ name: z.string(), slug: z.string(), url: z.string() }).meta({ id: 'TagRef' });

export const AdminTagSchema = TagRefSchema.extend({ id: z.number(), articles: z.number() });
export const AdminTagListSchema = z.array(AdminTagSchema);
export const TagRenameSchema = z.object({ name: TagNameSchema });
export const TagMergeSchema = z.object({ into: z.number().int().positive().max(2_147_483_647) });
export const TagActResultSchema = z.object({ message: z.string(), tag: AdminTagSchema });

export const TagSlugParam = z.object({ slug: z.string().max(200) });
