import { resourceTypes, schemas, serviceProviderConfig } from '~/services/directory/discovery'
import { listResponse } from '~/services/directory/scim-context'
import { notFound } from '~/services/directory/scim-error'
import { MAX_SCIM_BYTES, scimRoute } from './scim.server'

/** GET /scim/v2/ServiceProviderConfig, /ResourceTypes[/:id] and /Schemas[/:id] (RFC 7644 §4). */
const route = scimRoute({
  GET: async ({ request, params, ctx }) => {
    const what = new URL(request.url).pathname.split('/')[3]
    if (what === 'ServiceProviderConfig') return { body: serviceProviderConfig(ctx.baseUrl, MAX_SCIM_BYTES) }
    const all: { id: string }[] = what === 'Schemas' ? schemas(ctx.baseUrl) : resourceTypes(ctx.baseUrl)
    if (!params.id) return { body: listResponse(all, all.length, 1) }
    const one = all.find((r) => r.id === params.id)
    if (!one) throw notFound(what === 'Schemas' ? 'Schema' : 'ResourceType', params.id)
    return { body: one }
  },
})
export const loader = route.loader
export const action = route.action
