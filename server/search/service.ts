// Search: domain rules (filled in by its issue).
import type { ServiceDeps } from '../services.ts';

export function createSearchService(deps: ServiceDeps) {
  void deps;
  return {};
}
export type SearchService = ReturnType<typeof createSearchService>;
