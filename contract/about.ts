// About Us: limits and messages of docs/product.md
import { z } from 'zod';
import { ArticleImageSchema } from './articles.schema.ts';

export const MAX_ABOUT_IMAGES = 4;
export const MAX_ABOUT_CONTENT = 200_000;
/** Decided by the bytes on the server; the browser checks the declared type for fast feedback. */
export const ABOUT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const ABOUT_MESSAGES = {
  saved: 'About Us content saved successfully!',
  saveFailed: 'Failed to save About Us content: ',
  alreadyExists: 'About Us entry already exists. Please use the update functionality.',
  notFound: 'No About Us entry exists yet. Please create it first.',
  tooManyImages: `You can upload up to ${MAX_ABOUT_IMAGES} images only.`,
  contentTooLong: 'About Us content is too long.',
  badKeepList: 'keepImageUrls must be a JSON array of image URLs.',
  unsupported: (file: string) => `Unsupported file type: ${file}. Only JPG, PNG, WEBP allowed.`,
  tooLarge: (file: string) => `File too large: ${file}. Max 2MB.`,
  loadFailed: 'Failed to load About Us content.',
} as const;

export const AboutUsSchema = z
  .object({ content: z.string(), imageUrls: z.array(z.string()), images: z.array(ArticleImageSchema) })
  .meta({ id: 'AboutUs' });
export type AboutUs = z.infer<typeof AboutUsSchema>;
export const AboutSavedSchema = AboutUsSchema.extend({ message: z.string() });
