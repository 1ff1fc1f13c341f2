// How a search's total is given, shared by the search service and the search page (docs/api.md).

/**
 * A search's total is exact up to this many matches; above it, it may be an estimate, never below
 * SEARCH_EXACT_TOTAL + 1, and the search page says "more than 1,000". Counting further read one
 * article per match on every search.
 */
export const SEARCH_EXACT_TOTAL = 1_000;

/** Whether a search total is to be read as "more than SEARCH_EXACT_TOTAL". */
export const isOverExactTotal = (total: number) => total > SEARCH_EXACT_TOTAL;
