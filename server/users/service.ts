// Users: domain rules (filled in by its issue).
import type { ServiceDeps } from '../services.ts';

export function createUsersService(deps: ServiceDeps) {
  void deps;
  return {};
}
export type UsersService = ReturnType<typeof createUsersService>;
