// Reading a multipart request (article, About Us and ad uploads) into memory, one part at a time.
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../http/errors.ts';
import { MAX_UPLOAD_BYTES } from './images.ts';

export type UploadedFile = {
  fieldname: string;
  filename: string;
  data: Buffer;
  /** The per-file size limit cut it short: the service answers with its kind's "too large" message. */
  truncated: boolean;
};

export type MultipartBody = {
  fields: Record<string, string>;
  files: UploadedFile[];
  /** Files after the first `maxFiles`, read and dropped (ads: "extras dropped"). */
  droppedFiles: number;
};

/**
 * Reads every part of a multipart request. At most `maxFiles` files are kept; a file over
 * 2 MB is kept truncated with `truncated: true` instead of failing the whole request, so the
 * service can name the file in its own message. A file input left empty (no name, no bytes)
 * is not a file. A repeated text field keeps its last value.
 */
export async function readMultipart(request: FastifyRequest, opts: { maxFiles: number }): Promise<MultipartBody> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data request');
  // The plugin refuses field names such as __proto__, so a plain object is safe.
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let droppedFiles = 0;
  // throwFileSizeLimit is read per call at run time, though the plugin's types omit it there.
  const options = { throwFileSizeLimit: false, limits: { fileSize: MAX_UPLOAD_BYTES } };
  for await (const part of request.parts(options)) {
    if (part.type === 'field') {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      continue;
    }
    if (files.length >= opts.maxFiles) {
      // Read and thrown away: an unread part stalls the parser (each is at most 2 MB).
      await part.toBuffer();
      droppedFiles++;
      continue;
    }
    const data = await part.toBuffer();
    if (!part.filename && data.length === 0) continue;
    files.push({ fieldname: part.fieldname, filename: part.filename, data, truncated: part.file.truncated });
  }
  return { fields, files, droppedFiles };
}
