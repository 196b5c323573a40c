import { forwardTokenRequest } from '~/auth/sso/token-proxy.server'
import { readForm } from '~/utils/form-body.server'
import { apiCall, apiRoute } from '../api/api.server'

const route = apiRoute({
  /**
   * POST /internal/{google,apple,seiLinkopingKommun}/add-secret: a browser's token request (code
   * exchange or refresh), forwarded with the server-held client secret (token-proxy.server.ts).
   */
  POST: async ({ request, params }) => apiCall(async () => forwardTokenRequest(params.provider!, await readForm(request))),
})

export const loader = route.loader
export const action = route.action
