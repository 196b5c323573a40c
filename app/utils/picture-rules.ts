/**
 * The profile picture's limits, shared by the upload route, the Express body limit
 * (server/index.ts) and the form; no imports (see request-rules.ts).
 */

/** The largest picture file taken: 5 MB. */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024

/**
 * The largest upload request the server lets through to the route. Twice the picture's limit (and
 * the form around it): a file somewhat over 5 MB is read to its end and dropped by the route. A
 * larger one is refused by the server before the route (server/index.ts), with the same answer: back
 * to the profile page, "larger than 5 MB" beside the picture field. With JavaScript the form says
 * so before sending anything.
 */
export const PICTURE_UPLOAD_MAX_BYTES = 2 * PROFILE_PICTURE_MAX_BYTES + 64 * 1024

/** What the file input offers (the server checks the content, not the name or type). */
export const PICTURE_ACCEPT = 'image/jpeg,image/png,image/webp'

/** The upload path, `/users/:id/picture`: the one path that takes a multipart body. */
export const isPictureUploadPath = (path: string) => /^\/users\/[^/]+\/picture\/?$/.test(path)

/** The query parameter that brings an upload's error code back to the profile page, shown beside the field. */
export const PICTURE_ERROR_PARAM = 'pictureError'

/** `path` (the profile page) with the upload's error code, e.g. `/users/u1?pictureError=PICTURE_TOO_LARGE`. */
export function withPictureError(path: string, code: string) {
  const [pathname, query = ''] = path.split('?')
  const params = new URLSearchParams(query)
  params.set(PICTURE_ERROR_PARAM, code)
  return `${pathname}?${params}`
}

/**
 * Where the server sends a browser whose upload it refused as too large before the route read it
 * (server/index.ts): the profile page with PICTURE_TOO_LARGE (`/users/:id/picture` ->
 * `/users/:id?pictureError=PICTURE_TOO_LARGE`); null for any other path (a bare 413).
 */
export const pictureTooLargeRedirect = (path: string) =>
  isPictureUploadPath(path) ? withPictureError(path.replace(/\/picture\/?$/, ''), 'PICTURE_TOO_LARGE') : null
