// Public reading of approved articles (one, by category, related, latest-news).
import type { ServiceDeps } from '../services.ts';

export function createPublicArticlesService(deps: ServiceDeps) {
  void deps;
  return {};
}
export type PublicArticlesService = ReturnType<typeof createPublicArticlesService>;
