// The CDN settings: read from the environment, one clear line naming the variable when wrong.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

describe('CDN configuration', () => {
  it('reads the purgers and the shared max age', () => {
    const { cdn } = loadConfig({
      PURGE_VARNISH_URLS: 'http://10.0.0.5:6081/, http://10.0.0.6:6081/',
      FASTLY_API_TOKEN: 'ft',
      FASTLY_SERVICE_ID: 'svc',
      CLOUDFLARE_API_TOKEN: 'ct',
      CLOUDFLARE_ZONE_ID: 'zone',
      CDN_MAX_AGE: '3600',
    });
    expect(cdn).toEqual({
      varnishUrls: ['http://10.0.0.5:6081/', 'http://10.0.0.6:6081/'],
      fastly: { token: 'ft', serviceId: 'svc' },
      cloudflare: { token: 'ct', zoneId: 'zone' },
      maxAge: 3600,
    });
    expect(loadConfig({}).cdn).toEqual({ varnishUrls: [], fastly: undefined, cloudflare: undefined, maxAge: 86_400 });
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PURGE_VARNISH_URLS: 'varnish:6081' })).toThrow(/PURGE_VARNISH_URLS=.*http\(s\) URLs/);
    expect(() => loadConfig({ FASTLY_API_TOKEN: 'ft' })).toThrow(/FASTLY_SERVICE_ID.*go together/);
    expect(() => loadConfig({ CLOUDFLARE_ZONE_ID: 'zone' })).toThrow(/CLOUDFLARE_ZONE_ID.*go together/);
    expect(() => loadConfig({ CDN_MAX_AGE: '10' })).toThrow(/CDN_MAX_AGE/);
  });
});
