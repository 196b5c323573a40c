/**
 * What every request must meet, shared by the app's readers and the Express server
 * (server/index.ts, server/security.ts); no imports.
 */

/**
 * How large a request body may be, in bytes. The server refuses a larger one by its
 * Content-Length before anything reads it, and closes that connection (server/security.ts); the
 * app's readers (utils/request-body.server.ts) count the bytes again, for requests that reach the
 * app another way (tests).
 */
export const MAX_BODY_BYTES = 1_000_000

/**
 * The largest JSON body an API call reads. It holds the largest bulk payload the schemas allow
 * (bulk.schemas.ts: MAX_BULK_ITEMS ids, MAX_OWNER_CHANGES owner changes); the server applies it
 * to every path under /api/ (server/index.ts).
 */
export const MAX_JSON_BYTES = 512 * 1024

/** The methods a page answers: GET (and HEAD) for its loader, POST for its forms. The API's routes declare their own. */
export const PAGE_METHODS = 'GET, HEAD, POST'

/** The one body type a form action reads: what browsers send, and Remix for a <Form> with JavaScript. */
export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded'
