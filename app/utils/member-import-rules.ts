/**
 * The member import's limits (docs/organizations.md "Import members from a file"), shared by the
 * upload route, the Express body limit (server/index.ts) and the form; no imports (see
 * request-rules.ts).
 */

/** The largest file taken: 4 MB (10,000 rows of a usual list are some 600 KB as CSV). */
export const MEMBER_IMPORT_MAX_BYTES = 4 * 1024 * 1024

/** The most rows (people) one file may hold, its header not counted. */
export const MEMBER_IMPORT_MAX_ROWS = 10_000

/**
 * The largest upload request the server lets through to the route: twice the file's limit and the
 * form around it, so a file somewhat over the limit is read and dropped by the route, which says
 * so on the page; a larger one is refused by the server with the same answer (importTooLargeRedirect).
 */
export const MEMBER_IMPORT_UPLOAD_MAX_BYTES = 2 * MEMBER_IMPORT_MAX_BYTES + 64 * 1024

/** What the file input offers (the server reads the content, not the name or type). */
export const MEMBER_IMPORT_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The import page, `/organizations/:id/members/import`: a path that takes a multipart body. */
export const isMemberImportPath = (path: string) => /^\/organizations\/[^/]+\/members\/import\/?$/.test(path)

/** The query parameter that brings an upload's error code back to the import page. */
export const IMPORT_ERROR_PARAM = 'error'

/** The import page with an error code, e.g. `/organizations/o1/members/import?error=IMPORT_FILE_TOO_LARGE`. */
export const withImportError = (path: string, code: string) =>
  `${path.replace(/\/$/, '')}?${IMPORT_ERROR_PARAM}=${encodeURIComponent(code)}`

/** Where the server sends a browser whose import upload it refused as too large; null for any other path. */
export const importTooLargeRedirect = (path: string) => (isMemberImportPath(path) ? withImportError(path, 'IMPORT_FILE_TOO_LARGE') : null)
