// Articles: domain rules (filled in by its issue).
import type { ServiceDeps } from '../services.ts';

export function createArticlesService(deps: ServiceDeps) {
  void deps;
  return {};
}
export type ArticlesService = ReturnType<typeof createArticlesService>;
