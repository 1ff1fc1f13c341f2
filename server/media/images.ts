// The image pipeline, shared by articles, About Us and ads. Built by the reporter-workflow issue.
// Contract (do not change the signatures without updating every caller):
//   prepare(): checks the file by its bytes (never its name or declared type), refuses bombs,
//     re-encodes (metadata stripped), makes WebP variants in memory. Throws HttpError 400/413
//     with the exact message of SPEC.md for `kind`. Writes nothing.
//   store(): writes the variants (content-derived names) and inserts `images` rows in `tx`.
//     If the surrounding transaction fails, call discard() with the same prepared images so
//     no file is left behind.
//   release(): deletes image rows and the files no other row uses (article/about/ad removal).
import type { Db, DbOrTx } from '../db/client.ts';
import type { ImageRow } from '../db/schema.ts';
import type { MediaStorage } from './storage.ts';

export type ImageKind = 'article' | 'about' | 'ad';
export type IncomingFile = { filename: string; data: Buffer };
export type PreparedImage = {
  key: string;
  width: number;
  height: number;
  variants: { width: number; data: Buffer }[];
};

export function createImagePipeline(deps: { db: Db; storage: MediaStorage }) {
  void deps;
  return {
    async prepare(file: IncomingFile, kind: ImageKind): Promise<PreparedImage> {
      void file;
      void kind;
      throw new Error('image pipeline not implemented yet');
    },
    async store(prepared: PreparedImage[], tx: DbOrTx): Promise<ImageRow[]> {
      void prepared;
      void tx;
      throw new Error('image pipeline not implemented yet');
    },
    async discard(prepared: PreparedImage[]): Promise<void> {
      void prepared;
    },
    async release(imageIds: number[], tx: DbOrTx): Promise<void> {
      void imageIds;
      void tx;
    },
  };
}
export type ImagePipeline = ReturnType<typeof createImagePipeline>;
