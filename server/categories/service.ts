// Categories: domain rules (filled in by its issue).
import type { ServiceDeps } from '../services.ts';

export function createCategoriesService(deps: ServiceDeps) {
  void deps;
  return {};
}
export type CategoriesService = ReturnType<typeof createCategoriesService>;
