// The server hands its domain services to loaders through React Router's context.
// entry.server.tsx re-exports this key so the Fastify adapter uses the same object.
import { createContext } from 'react-router';
import type { Services } from '../../server/services.ts';

export const servicesContext = createContext<Services>();
