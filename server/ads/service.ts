// Ads: domain rules (filled in by its issue).
import type { ServiceDeps } from '../services.ts';

export function createAdsService(deps: ServiceDeps) {
  void deps;
  return {};
}
export type AdsService = ReturnType<typeof createAdsService>;
