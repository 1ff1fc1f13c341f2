// About: domain rules (filled in by its issue).
import type { ServiceDeps } from '../services.ts';

export function createAboutService(deps: ServiceDeps) {
  void deps;
  return {};
}
export type AboutService = ReturnType<typeof createAboutService>;
