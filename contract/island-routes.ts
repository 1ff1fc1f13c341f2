// The routes the public islands call (app/islands/), without their schemas: an island carries no zod
// (docs/performance.md), so it calls these through app/islands/call.ts, typed by the full
// declaration. Each declaration in contract/ starts from its head here, so the path is written once.
export const ISLAND_ROUTES = {
  districtArticles: { method: 'GET', path: '/public/districts/:slug/articles' },
  liveUpdates: { method: 'GET', path: '/public/articles/:id/live-updates' },
  pushKey: { method: 'GET', path: '/public/push/key' },
  pushSubscribe: { method: 'POST', path: '/public/push/subscriptions', status: 201 },
  pushUnsubscribe: { method: 'DELETE', path: '/public/push/subscriptions', status: 204 },
} as const;
