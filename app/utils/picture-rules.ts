/**
 * The profile picture's limits, shared by the upload route, the Express body limit
 * (server/index.ts) and the form; no imports (see request-rules.ts).
 */

/** The largest picture file taken: 5 MB. */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024

/**
 * The largest upload request the server lets through to the route. Twice the picture's limit (and
 * the form around it): a file somewhat over 5 MB is read to its end and dropped by the route, so
 * the user gets the page with "larger than 5 MB" rather than a bare 413; with JavaScript the form
 * says so before sending anything.
 */
export const PICTURE_UPLOAD_MAX_BYTES = 2 * PROFILE_PICTURE_MAX_BYTES + 64 * 1024

/** What the file input offers (the server checks the content, not the name or type). */
export const PICTURE_ACCEPT = 'image/jpeg,image/png,image/webp'

/** The upload path, `/users/:id/picture`: the one path that takes a multipart body. */
export const isPictureUploadPath = (path: string) => /^\/users\/[^/]+\/picture\/?$/.test(path)
