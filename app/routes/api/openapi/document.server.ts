import { OpenApiGeneratorV31, OpenAPIRegistry, type RouteConfig } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'
import { runningBuildId } from '~/services/platform/app-version.server'
import { authOperations } from '../auth.openapi'
import { clientReportOperations } from '../client-reports.openapi'
import { countOperations } from '../feeds/counts.openapi'
import { feedbackOperations } from '../feedback/feedback.openapi'
import { groupOperations } from '../groups/groups.openapi'
import { insightOperations } from '../groups/insight.openapi'
import { taskOperations } from '../groups/tasks.openapi'
import { retentionOperations } from '../groups/retention.openapi'
import { loopOperations } from '../loops/loops.openapi'
import { invitationOperations } from '../invitations/invitations.openapi'
import { organizationOperations } from '../organizations/organizations.openapi'
import { userOperations } from '../users/users.openapi'
import { operation, SECURITY_SCHEMES } from './operation'

/** This document and its reference page. */
const referenceOperations = [
  operation({
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Reference',
    summary: 'This document',
    description: 'OpenAPI 3.1, generated from the zod schemas the calls validate their input with and type their answers with.',
    access: 'public',
    ok: { status: 200, schema: z.object({ openapi: z.literal('3.1.0') }).passthrough(), description: 'The OpenAPI document.' },
  }),
  operation({
    method: 'get',
    path: '/api/docs',
    tag: 'Reference',
    summary: 'The reference page of this document',
    access: 'public',
    ok: { status: 200, schema: z.string(), contentType: 'text/html', description: 'An HTML page.' },
  }),
]

/**
 * Every operation of the API, area by area. A new /api route adds its `operation()` to its area's
 * `*.openapi.ts` module (or a new module listed here); openapi.test.ts fails while a route of
 * app/routes.ts is missing here.
 */
export const API_OPERATIONS: RouteConfig[] = [
  ...authOperations,
  ...userOperations,
  ...organizationOperations,
  ...groupOperations,
  ...feedbackOperations,
  ...taskOperations,
  ...retentionOperations,
  ...loopOperations,
  ...insightOperations,
  ...invitationOperations,
  ...countOperations,
  ...clientReportOperations,
  ...referenceOperations,
]

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>

/** The OpenAPI 3.1 document of the API. */
export function buildOpenApiDocument(operations: RouteConfig[] = API_OPERATIONS): OpenApiDocument {
  const registry = new OpenAPIRegistry()
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) registry.registerComponent('securitySchemes', name, { ...scheme })
  for (const op of operations) registry.registerPath(op)
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Groups and library API',
      version: runningBuildId(),
      description:
        'The JSON API of the app (docs/api.md). Every refusal is `{ message: CODE }` of the error catalogue (app/errors.ts), with its status. ' +
        "State-changing calls from a browser must come from the app's own origin.",
    },
    tags: [...new Set(operations.flatMap((op) => op.tags ?? []))].map((name) => ({ name })),
  })
}

let cached: { document: OpenApiDocument; json: string } | undefined
/** The document, generated once per process, and its JSON text. */
export function openApiDocument() {
  if (!cached) {
    const document = buildOpenApiDocument()
    cached = { document, json: JSON.stringify(document) }
  }
  return cached
}
