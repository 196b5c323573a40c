/**
 * A loop's photos' limits (docs/group-work.md "Photos"), shared by the services, the Express body
 * limit (server/index.ts) and the form; no imports (see request-rules.ts).
 */

/** The largest photo file taken: 5 MB. */
export const LOOP_PHOTO_MAX_BYTES = 5 * 1024 * 1024

/** The most photos one loop holds. */
export const LOOP_PHOTO_LIMIT = 3

/** A stored photo's longest side, in pixels (larger ones are scaled down). */
export const LOOP_PHOTO_MAX_SIDE = 2048

/**
 * The largest loop form the server lets through to the route: three photos a little over the
 * limit and the form's text; a photo over 5 MB is read and dropped by the route, which says so on
 * the form.
 */
export const LOOP_UPLOAD_MAX_BYTES = (LOOP_PHOTO_LIMIT + 1) * LOOP_PHOTO_MAX_BYTES + 256 * 1024

/** What the file input offers (the server checks the content, not the name or type). */
export const LOOP_PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp'

/**
 * The paths that take a loop's multipart body: the loop form (`/groups/:g/loops/new`), its edit
 * form (`/groups/:g/loops/:l/edit`) and the API's photo upload (`/api/v3/groups/:g/loops/:l/photos`).
 */
export const isLoopUploadPath = (path: string) =>
  /^\/groups\/[^/]+\/loops\/(new|[^/]+\/edit)\/?$/.test(path) || /^\/api\/v3\/groups\/[^/]+\/loops\/[^/]+\/photos\/?$/.test(path)
