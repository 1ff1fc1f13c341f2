// Review: domain rules (filled in by its issue).
import type { ServiceDeps } from '../services.ts';

export function createReviewService(deps: ServiceDeps) {
  void deps;
  return {};
}
export type ReviewService = ReturnType<typeof createReviewService>;
