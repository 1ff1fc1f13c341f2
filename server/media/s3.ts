// Media in an S3-compatible bucket (MEDIA_STORAGE=s3): AWS S3, MinIO, Cloudflare R2, ... through
// @aws-sdk/client-s3. Object keys are the media names themselves, so `npm run media:migrate`
// copies DATA_DIR/media across one to one and a CDN in front of the bucket serves /<name>.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { S3Settings } from '../config.ts';
import { HttpError } from '../http/errors.ts';
import { checkMediaName, isMediaName, type BucketMediaStorage, type MediaObject } from './storage.ts';

/** What /media sends for every picture, and what each object carries for a CDN in front of the bucket. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};
export const mediaContentType = (name: string) => TYPES[name.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream';

/** The bucket could not be used: the reporter gets a 503 naming the media storage; nothing was saved. */
export class MediaStorageUnavailable extends HttpError {
  constructor(bucket: string, cause: unknown) {
    super(503, `The media storage (bucket "${bucket}") cannot be reached, so nothing was saved. Try again in a moment.`);
    this.cause = cause;
    this.with({}, { 'retry-after': '30' });
  }
}

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (error: unknown) => {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
};

/** Lengths of names seen in the bucket: names never change their bytes, so a known length stays true. */
const SIZE_MEMORY = 10_000;

export function createS3MediaStorage(settings: S3Settings, opts: { log?: Pick<Console, 'warn'> } = {}): BucketMediaStorage {
  const { bucket } = settings;
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // Checksums only where S3 requires them: S3-compatible servers (MinIO, R2, older releases)
    // do not all understand the newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable endpoint fails an upload within seconds instead of holding the reporter.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
    maxAttempts: 3,
  });
  const where = `bucket "${bucket}"${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
  const sizes = new Map<string, number>();
  const remember = (name: string, size: number) => {
    if (sizes.size >= SIZE_MEMORY) sizes.delete(sizes.keys().next().value!);
    sizes.set(name, size);
  };
  const unavailable = (error: unknown) => {
    opts.log?.warn(`media storage: ${where}: ${(error as Error).name ?? ''} ${(error as Error).message}`);
    return new MediaStorageUnavailable(bucket, error);
  };

  return {
    kind: 's3',
    bucket,
    where,
    async put(name, data) {
      checkMediaName(name);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: name,
            Body: data,
            ContentLength: data.length,
            ContentType: mediaContentType(name),
            CacheControl: MEDIA_CACHE_CONTROL,
          }),
        );
      } catch (error) {
        throw unavailable(error);
      }
      remember(name, data.length);
    },
    async get(name) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checkMediaName(name) }));
        return Buffer.from(await out.Body!.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw unavailable(error);
      }
    },
    async remove(name) {
      sizes.delete(name);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkMediaName(name) }));
      } catch (error) {
        if (!isMissing(error)) throw unavailable(error);
      }
    },
    async size(name) {
      const known = sizes.get(checkMediaName(name));
      if (known !== undefined) return known;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: name }));
        if (head.ContentLength !== undefined) remember(name, head.ContentLength);
        return head.ContentLength;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw unavailable(error);
      }
    },
    async list() {
      const found = new Map<string, number>();
      let token: string | undefined;
      try {
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
          for (const item of page.Contents ?? []) if (item.Key && isMediaName(item.Key)) found.set(item.Key, item.Size ?? 0);
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
      } catch (error) {
        throw unavailable(error);
      }
      return found;
    },
    async open(name, { ifNoneMatch }): Promise<MediaObject | undefined> {
      try {
        const out = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: checkMediaName(name), IfNoneMatch: ifNoneMatch || undefined }),
        );
        const headers: Record<string, string> = {
          'content-type': mediaContentType(name),
          'cache-control': MEDIA_CACHE_CONTROL,
        };
        if (out.ContentLength !== undefined) headers['content-length'] = String(out.ContentLength);
        if (out.ETag) headers.etag = out.ETag;
        if (out.LastModified) headers['last-modified'] = out.LastModified.toUTCString();
        return { status: 200, body: out.Body as Readable, headers };
      } catch (error) {
        if (statusOf(error) === 304)
          return { status: 304, body: undefined, headers: { 'cache-control': MEDIA_CACHE_CONTROL, etag: ifNoneMatch! } };
        if (isMissing(error)) return undefined;
        throw unavailable(error);
      }
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        throw unavailable(error);
      }
    },
    close() {
      client.destroy();
    },
  };
}
