// An S3-compatible server for tests (s3rver), on loopback port 0 with its files in a temporary folder.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import S3rver from 's3rver';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { loadConfig } from '../config.ts';
import { createS3MediaStorage } from '../media/s3.ts';

export type TestBucketServer = {
  endpoint: string;
  /** A new empty bucket and the environment a site uses it with. */
  bucket(): Promise<{ name: string; env: Record<string, string> }>;
  /** The bucket's own storage (to look inside it, as the tests do). */
  storage(name: string): ReturnType<typeof createS3MediaStorage>;
  close(): Promise<void>;
};

export const s3Env = (endpoint: string, bucket: string): Record<string, string> => ({
  MEDIA_STORAGE: 's3',
  S3_ENDPOINT: endpoint,
  S3_BUCKET: bucket,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: '1',
});

export async function startTestBucketServer(): Promise<TestBucketServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const opened: { close(): void }[] = [];
  return {
    endpoint,
    async bucket() {
      const name = `media-${randomBytes(4).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: name }));
      return { name, env: s3Env(endpoint, name) };
    },
    storage(name) {
      const storage = createS3MediaStorage(loadConfig(s3Env(endpoint, name)).media.s3!);
      opened.push(storage);
      return storage;
    },
    async close() {
      for (const s of opened) s.close();
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
