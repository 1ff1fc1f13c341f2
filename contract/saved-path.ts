// The path of one saved story (SAVED_ROUTES in ./saved.ts), in a module without schemas: the article
// page's save button (an island) calls it without carrying zod.
export const SAVED_ITEM_PATH = '/me/saved/:articleId';
