import { describe, expect, it } from 'vitest';
import { DISTRICTS, districtBySlug } from './districts.ts';

describe('districts', () => {
  it('has the 26 districts of Andhra Pradesh and the 33 of Telangana', () => {
    expect(DISTRICTS.filter((d) => d.state === 'AP')).toHaveLength(26);
    expect(DISTRICTS.filter((d) => d.state === 'TG')).toHaveLength(33);
  });

  it('has unique slugs and names, every one filled in', () => {
    expect(new Set(DISTRICTS.map((d) => d.slug)).size).toBe(DISTRICTS.length);
    expect(new Set(DISTRICTS.map((d) => d.en)).size).toBe(DISTRICTS.length);
    expect(new Set(DISTRICTS.map((d) => d.te)).size).toBe(DISTRICTS.length);
    for (const d of DISTRICTS) {
      expect(d.slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(d.te).toMatch(/[\u0C00-\u0C7F]/);
    }
    expect(districtBySlug('hyderabad')?.te).toBe('హైదరాబాద్');
    expect(districtBySlug('gotham')).toBeUndefined();
  });
});
