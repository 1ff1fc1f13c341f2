import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('has the defaults docs/configuration.md lists', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toMatch(/data$/);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.admin).toBeUndefined();
    expect(c.seedDemo).toBeUndefined();
    expect(c.secureCookies).toBe(false);
    expect(c.authRateLimit).toBe(10);
    // No proxy is trusted until one is named; sessions idle out after 14 days.
    expect(c.trustProxy).toEqual([]);
    expect(c.sessionIdleMs).toBe(14 * 86_400_000);
    expect(c.requireStaffTotp).toBe(false);
    expect(c.sessionCookie).toBe('sid');
  });

  it('reads TRUST_PROXY as a list of addresses and CIDR ranges; https names the cookie __Host-sid', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
    expect(loadConfig({ PUBLIC_URL: 'https://news.example' }).sessionCookie).toBe('__Host-sid');
  });

  it('reads the backup schedule: BACKUP_DIR, BACKUP_EVERY as 30m / 6h / 1d, BACKUP_KEEP', () => {
    expect(loadConfig({}).backup).toEqual({ dir: expect.stringMatching(/backups$/), everyMs: undefined, keep: 7 });
    const c = loadConfig({ BACKUP_DIR: '/srv/backups', BACKUP_EVERY: '6h', BACKUP_KEEP: '3' });
    expect(c.backup).toEqual({ dir: '/srv/backups', everyMs: 6 * 3_600_000, keep: 3 });
    expect(loadConfig({ BACKUP_EVERY: '30m' }).backup.everyMs).toBe(1_800_000);
    expect(loadConfig({ BACKUP_EVERY: '1d' }).backup.everyMs).toBe(86_400_000);
    expect(() => loadConfig({ BACKUP_EVERY: '6 hours' })).toThrow(
      'Invalid configuration: BACKUP_EVERY="6 hours": must be a number followed by m, h or d, e.g. 6h',
    );
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });

  it('derives PUBLIC_URL from PORT and secure cookies from https', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    const c = loadConfig({ PUBLIC_URL: 'https://news.example.com/' });
    expect(c.publicUrl).toBe('https://news.example.com');
    expect(c.secureCookies).toBe(true);
  });

  it('reads the admin and the seed switch', () => {
    const c = loadConfig({
      ADMIN_USERNAME: 'chief',
      ADMIN_PASSWORD: 'secret-1',
      ADMIN_EMAIL: 'chief@example.com',
      SEED_DEMO: '0',
    });
    expect(c.admin).toEqual({ username: 'chief', password: 'secret-1', email: 'chief@example.com' });
    expect(c.seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL'],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO'],
    [{ AUTH_RATE_LIMIT: '0' }, 'AUTH_RATE_LIMIT'],
    [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ SESSION_IDLE_DAYS: '0' }, 'SESSION_IDLE_DAYS'],
    [{ REQUIRE_STAFF_TOTP: 'yes' }, 'REQUIRE_STAFF_TOTP'],
    [{ ADMIN_USERNAME: 'a', ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_PASSWORD: 'long-enough' }, 'ADMIN_USERNAME'],
    [{ ADMIN_USERNAME: 'a', ADMIN_EMAIL: 'nope' }, 'ADMIN_EMAIL'],
  ])('refuses %j with one line naming %s', (env, name) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message.split('\n')).toHaveLength(1);
  });
  it('reads media storage: local by default; s3 needs its bucket, keys in pairs, http(s) addresses', () => {
    expect(loadConfig({}).media).toEqual({ storage: 'local', s3: undefined, publicUrl: undefined });
    const c = loadConfig({
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_BUCKET: 'news-media',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: '1',
      MEDIA_PUBLIC_URL: 'https://cdn.example/media/',
    });
    expect(c.media).toEqual({
      storage: 's3',
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        bucket: 'news-media',
        region: 'us-east-1',
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
        forcePathStyle: true,
      },
      publicUrl: 'https://cdn.example/media',
    });
    expect(() => loadConfig({ MEDIA_STORAGE: 's3' })).toThrow(
      'Invalid configuration: S3_BUCKET="": MEDIA_STORAGE=s3 needs S3_BUCKET (and S3_ENDPOINT unless the bucket is on AWS)',
    );
    expect(() => loadConfig({ MEDIA_STORAGE: 's3', S3_BUCKET: 'b1b', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      'Invalid configuration: S3_SECRET_ACCESS_KEY="": S3_ACCESS_KEY_ID is set but S3_SECRET_ACCESS_KEY is not',
    );
    expect(() => loadConfig({ MEDIA_STORAGE: 'gcs' })).toThrow(/^Invalid configuration: MEDIA_STORAGE="gcs": /);
    expect(() => loadConfig({ S3_BUCKET: 'News_Media' })).toThrow(
      /^Invalid configuration: S3_BUCKET="News_Media": must be a bucket name/,
    );
    expect(() => loadConfig({ MEDIA_PUBLIC_URL: 'cdn.example' })).toThrow(
      'Invalid configuration: MEDIA_PUBLIC_URL="cdn.example": must be an http(s) URL',
    );
  });
});
