import type { NextFunction, Request, Response } from 'express'
import { SCIM_ERROR_SCHEMA } from '../app/services/directory/scim-error'
import { MAX_JSON_BYTES } from '../app/utils/request-rules'

/**
 * The SCIM endpoint answers every error in RFC 7644's shape, `application/scim+json` with
 * `{ schemas: [Error], status: "<status>", detail }` (docs/directory-sync.md), the errors the
 * server gives before the SCIM route too: a body over the limit or without a length (bodyLimit), a
 * foreign origin (originCheck), load shedding (admission), and an error of the request itself
 * (anything express would answer with its HTML error page). A directory's client reads only SCIM
 * errors; the catalogue's `{ message }` would be an unknown answer in its provisioning log.
 */

const SCIM_PREFIX = '/scim/'
const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8'

/** The detail, in English (the directory's administrator reads it), of a catalogue code the server answers by itself. */
const DETAILS: Record<string, string> = {
  PAYLOAD_TOO_LARGE: `The body is larger than ${MAX_JSON_BYTES} bytes`,
  LENGTH_REQUIRED: 'Send the body with a Content-Length (not chunked)',
  FORBIDDEN: 'A request from another origin is refused',
  SERVICE_UNAVAILABLE: 'The service is unavailable, try again later',
  METHOD_NOT_ALLOWED: 'The method is not allowed here',
}

export const isScimPath = (path: string) => path.startsWith(SCIM_PREFIX)

const scimErrorJson = (status: number, detail: string) => JSON.stringify({ schemas: [SCIM_ERROR_SCHEMA], status: String(status), detail })

/**
 * Under /scim/, the server's own error answers (`res.json({ message })` with a 4xx or 5xx, before
 * the route) become SCIM errors. The SCIM routes answer through Remix, never through `res.json`,
 * so only the answers given before them change.
 */
export function scimErrorAnswers() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isScimPath(req.path)) return next()
    const json = res.json.bind(res)
    res.json = (body: unknown) => {
      const message = (body as { message?: unknown } | null)?.message
      if (res.statusCode < 400 || typeof message !== 'string') return json(body)
      return res.type(SCIM_CONTENT_TYPE).send(scimErrorJson(res.statusCode, DETAILS[message] ?? message))
    }
    next()
  }
}

/** The last error handler: an error raised under /scim/ before the route answered is a SCIM error, not express's HTML page. */
export function scimErrorHandler() {
  return (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (!isScimPath(req.path) || res.headersSent) return next(error)
    const given = Number(
      (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown })?.statusCode,
    )
    const status = given >= 400 && given < 600 ? given : 500
    if (status >= 500) console.error('scim: error before the route', error)
    res
      .status(status)
      .type(SCIM_CONTENT_TYPE)
      .send(scimErrorJson(status, status >= 500 ? 'Server error' : 'The request is malformed'))
  }
}
