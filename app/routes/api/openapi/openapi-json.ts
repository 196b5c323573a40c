import { createHash } from 'node:crypto'
import { apiRoute } from '../api.server'
import { openApiDocument } from './document.server'

let etag: string | undefined

const route = apiRoute({
  /**
   * GET /api/openapi.json: the OpenAPI 3.1 document of the API (document.server.ts), generated once
   * per process; cacheable (it changes only with a new build), with an ETag.
   */
  GET: async ({ request }) => {
    const { json } = openApiDocument()
    etag ??= `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`
    const headers = { 'Cache-Control': 'public, max-age=300, must-revalidate', ETag: etag }
    if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers })
    return new Response(json, { headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' } })
  },
})

export const loader = route.loader
export const action = route.action
