// A stored page: its slots cut and joined, its encodings, its two variants.
import { describe, expect, it } from 'vitest';
import { slotEnd, slotStart } from '../../../app/lib/shared-parts.tsx';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cutAtSlots, encodedBody, joinSlots, newCachedPage, preferredEncoding, withIncludes, withSharedParts } from './page.ts';

describe('preferredEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, br;q=0', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'gzip'],
  ])('%j -> %j', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('cutAtSlots / joinSlots', () => {
  it('cuts at well-formed slot marks only and joins back what it is given', () => {
    const page = `a${slotStart('ticker')}old${slotEnd('ticker')}b${slotStart('data')}{}${slotEnd('data')}c<template data-slot="x">d`;
    const own = cutAtSlots(Buffer.from(page));
    expect(own.slots).toEqual(['ticker', 'data']);
    const again = joinSlots(own, (slot) => Buffer.from(slot.toUpperCase()));
    const joined = again.body.toString();
    // The new own part is views into the joined page: it joins again from there.
    expect(again.own.segments.every((segment) => segment.buffer === again.body.buffer)).toBe(true);
    expect(joinSlots(again.own, (slot) => Buffer.from(slot)).body.toString()).toBe(
      `a${slotStart('ticker')}ticker${slotEnd('ticker')}b${slotStart('data')}data${slotEnd('data')}c<template data-slot="x">d`,
    );
    expect(joined).toBe(
      `a${slotStart('ticker')}TICKER${slotEnd('ticker')}b${slotStart('data')}DATA${slotEnd('data')}c<template data-slot="x">d`,
    );
    expect(cutAtSlots(Buffer.from('<p>no slots</p>')).segments.map(String)).toEqual(['<p>no slots</p>']);
  });
});

describe('stored page variants', () => {
  const body = `<p>a</p>${slotStart('ticker')}old${slotEnd('ticker')}<p>b</p>`;
  const stored = () => {
    const page = newCachedPage(200, [['content-type', 'text/html']], body);
    page.own = cutAtSlots(page.body);
    page.fragment = 'first';
    page.tags = ['article:1'];
    return page;
  };

  it('joins the given shared parts once per set of parts, with a new ETag and no stale compressed copy', () => {
    const page = stored();
    expect(withSharedParts(page, { id: 'first', fill: () => Buffer.from('unused') })).toBe(page);
    const etag = page.etag;
    page.encoded = { gzip: Buffer.from('stale') };
    let draws = 0;
    const parts = { id: 'second', fill: (slot: string) => (draws++, Buffer.from(slot.toUpperCase())) };
    const joined = withSharedParts(page, parts);
    expect(joined.body.toString()).toBe(`<p>a</p>${slotStart('ticker')}TICKER${slotEnd('ticker')}<p>b</p>`);
    expect(joined.etag).not.toBe(etag);
    expect(joined.encoded).toBeUndefined();
    withSharedParts(page, parts);
    expect(draws).toBe(1);
  });

  it('leaves the stored page as it was: the joined copy is kept beside it, and its own parts give it back', () => {
    const page = stored();
    const before = { ...page, own: page.own && { ...page.own }, body: Buffer.from(page.body) };
    encodedBody(page, 'gzip');
    const gzip = page.encoded?.gzip;
    const second = { id: 'second', fill: () => Buffer.from('NEW') };
    const joined = withSharedParts(page, second);
    expect(joined).not.toBe(page);
    expect(joined.body.toString()).toContain('NEW');
    expect(joined.fragment).toBe('second');
    expect(joined.tags).toEqual(['article:1']);
    expect(page.body.equals(before.body)).toBe(true);
    expect(page.body.toString()).toContain('old');
    expect(page.etag).toBe(before.etag);
    expect(page.fragment).toBe('first');
    expect(page.own?.segments).toEqual(before.own?.segments);
    expect(page.encoded?.gzip).toBe(gzip);
    expect(withSharedParts(page, second)).toBe(joined);
    expect(withSharedParts(page, { id: 'first', fill: () => Buffer.from('unused') })).toBe(page);
    const third = withSharedParts(page, { id: 'third', fill: () => Buffer.from('3') });
    expect(third.body.toString()).toContain('3');
    expect(withSharedParts(page, second)).not.toBe(joined);
  });

  it("makes the ESI variant once, with the page's tags; a page without slots is its own variant", () => {
    const page = stored();
    const esi = withIncludes(page);
    expect(esi.body.toString()).toBe(
      `<p>a</p>${slotStart('ticker')}<esi:include src="/_shared/ticker"/>${slotEnd('ticker')}<p>b</p>`,
    );
    expect(esi.tags).toEqual(['article:1']);
    expect(withIncludes(page)).toBe(esi);
    const plain = newCachedPage(200, [], '<p>no slots</p>');
    plain.own = cutAtSlots(plain.body);
    expect(withIncludes(plain)).toBe(plain);
  });

  it('compresses once per encoding', () => {
    const page = newCachedPage(200, [], 'తెలుగు '.repeat(500));
    const gzip = encodedBody(page, 'gzip');
    expect(gunzipSync(gzip).toString()).toBe(page.body.toString());
    expect(encodedBody(page, 'gzip')).toBe(gzip);
    expect(brotliDecompressSync(encodedBody(page, 'br')).toString()).toBe(page.body.toString());
  });
});
