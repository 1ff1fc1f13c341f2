// A story's private notes and its public corrections over HTTP (declared in contract/notes.ts).
// Rules in ./service.ts and ./corrections.ts. None of these answers is public: every one is
// `no-store` (the contract's default for a route without a public cache).
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';
import { currentUser } from '../http/guards.ts';
import { serve } from '../http/contract.ts';
import { NOTE_ROUTES as routes } from '../../contract/notes.ts';

export async function notesRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { notes, corrections } = services;
  const author = (request: Parameters<typeof currentUser>[0]) => {
    const user = currentUser(request);
    return { id: user.id, username: user.username, ip: request.ip };
  };

  serve(app, routes.list, async (request) => notes.list(currentUser(request), request.params.id));
  serve(app, routes.post, async (request) => notes.post(currentUser(request), request.params.id, request.body, request.ip));
  serve(app, routes.corrections, async (request) => corrections.list(request.params.id));
  serve(app, routes.correct, async (request) => corrections.add(author(request), request.params.id, request.body));
  serve(app, routes.removeCorrection, async (request) => {
    await corrections.remove(author(request), request.params.id, request.params.correctionId);
  });
}
