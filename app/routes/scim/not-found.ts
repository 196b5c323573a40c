import { ScimError } from '~/services/directory/scim-error'
import { scimRoute } from './scim.server'

/** Any other path under /scim/v2: a SCIM 404 (after the token check, so it says nothing to strangers). */
const notFound = async (): Promise<never> => {
  throw new ScimError(404, 'No such endpoint')
}
const route = scimRoute({ GET: notFound, POST: notFound, PUT: notFound, PATCH: notFound, DELETE: notFound })
export const loader = route.loader
export const action = route.action
