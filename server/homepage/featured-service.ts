// Featured homepage categories (admin choice and order).
import type { ServiceDeps } from '../services.ts';

export function createFeaturedService(deps: ServiceDeps) {
  void deps;
  return {};
}
export type FeaturedService = ReturnType<typeof createFeaturedService>;
