// The reader's list after a poll (mergeNewest): the newest page replaces what it covers, the older
// updates the reader loaded stay, and a gap (a page of updates between two polls) starts afresh.
import { describe, expect, it } from 'vitest';
import type { LiveUpdate } from '../../../contract/live.ts';
import { mergeNewest } from './LiveUpdates.tsx';

const update = (id: number, content = `<p>${id}</p>`): LiveUpdate => ({
  id,
  articleId: 1,
  content,
  authorName: 'desk',
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
});
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => update(from - i));
const ids = (list: { updates: LiveUpdate[] }) => list.updates.map((u) => u.id);

describe('mergeNewest', () => {
  it('puts a new update on top and keeps the older ones loaded', () => {
    const held = { live: true, updates: range(40, 1), more: false };
    const merged = mergeNewest(held, { live: true, updates: range(41, 22), more: true });
    expect(ids(merged)).toEqual(range(41, 1).map((u) => u.id));
    expect(merged.more).toBe(false);
  });

  it('takes edits and deletions within the newest page', () => {
    const held = { live: true, updates: range(40, 1), more: false };
    const page = [...range(40, 31), ...range(29, 20)].map((u) => (u.id === 35 ? update(35, '<p>సవరణ</p>') : u));
    const merged = mergeNewest(held, { live: true, updates: page, more: true });
    expect(ids(merged)).not.toContain(30);
    expect(merged.updates.find((u) => u.id === 35)?.content).toBe('<p>సవరణ</p>');
    expect(ids(merged).at(-1)).toBe(1);
  });

  it('is the page alone when it holds the whole story or no longer reaches what the reader holds', () => {
    const held = { live: true, updates: range(40, 1), more: true };
    expect(ids(mergeNewest(held, { live: false, updates: range(40, 2), more: false }))).toEqual(range(40, 2).map((u) => u.id));
    const gap = mergeNewest(held, { live: true, updates: range(70, 51), more: true });
    expect(ids(gap)).toEqual(range(70, 51).map((u) => u.id));
    expect(gap.more).toBe(true);
  });
});
