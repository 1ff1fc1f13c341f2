import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { SEARCH_EXACT_TOTAL } from '../../contract/search.ts';

describe('the search count', () => {
  it('says an exact total as it is, and one above the exact limit as "more than 1,000"', () => {
    const count = MESSAGES.search.count;
    expect(count(1)).toBe('1 వార్త దొరికింది');
    expect(count(6)).toBe('6 వార్తలు దొరికాయి');
    expect(count(SEARCH_EXACT_TOTAL)).toBe('1,000 వార్తలు దొరికాయి');
    expect(count(SEARCH_EXACT_TOTAL + 1)).toBe('1,000కి పైగా వార్తలు దొరికాయి');
    expect(count(123_456)).toBe('1,000కి పైగా వార్తలు దొరికాయి');
  });
});
