import { seiClientId } from '~/auth/sso/token-proxy.server'
import { DomainError } from '~/errors'
import { apiCall, apiRoute } from '../api/api.server'

const route = apiRoute({
  /** GET /internal/seiLinkopingKommun/get-client-id: the e-ID client id the browser needs (not a secret). */
  GET: async () =>
    apiCall(async () => {
      const clientId = seiClientId()
      if (!clientId) throw new DomainError('NOT_FOUND')
      return { clientId }
    }),
})

export const loader = route.loader
export const action = route.action
