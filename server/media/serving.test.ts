// GET /media/: the media folder's own files, never what a link planted in it points at.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestApp } from '../test/app.ts';
import { MEDIA_CACHE_CONTROL } from './s3.ts';

describe(`serving /media/ (${TEST_DB})`, () => {
  const t = useTestApp();
  beforeAll(async () => {
    const dir = path.join(t.dataDir, 'media');
    await mkdir(dir, { recursive: true });
    const outside = path.join(path.dirname(dir), 'outside');
    await mkdir(outside, { recursive: true });
    await writeFile(path.join(outside, 'secret.txt'), 'password hashes');
    await writeFile(path.join(dir, 'abc-320.webp'), 'a picture');
    // What a restored archive could have planted: a folder link and a file link out of media/.
    await symlink('../outside', path.join(dir, 'x'));
    await symlink(path.join(outside, 'secret.txt'), path.join(dir, 'leak-320.webp'));
  });

  it('serves a media file', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/abc-320.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('a picture');
    // What the bucket's /media sends too (server/media/s3.test.ts).
    expect(res.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
  });

  it('never follows a link out of the folder', async () => {
    for (const url of ['/media/x/secret.txt', '/media/leak-320.webp', '/media/x/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('password hashes');
    }
  });
});
