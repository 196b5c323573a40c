import { requireApiUser } from '~/auth/guards.server'
import { ctxFor } from '~/services/context.server'
import { createDirectoryToken, listDirectoryTokens } from '~/services/directory/tokens.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import { DirectoryTokenName } from './scim-tokens.schemas'
import type { Answer } from '../openapi/operation'
import type { DirectoryTokensAnswer, NewDirectoryTokenAnswer } from './organizations.openapi'

const route = apiRoute({
  /** GET /api/v1/organizations/{id}/scim-tokens: the directory tokens, without their secrets (admins only). */
  GET: ({ params, context }) =>
    apiCall<Answer<typeof DirectoryTokensAnswer>>(async () => {
      const actor = await requireApiUser(context)
      return listDirectoryTokens(ctxFor(actor, context), params.organizationId!)
    }),
  /** POST …/scim-tokens { name }: 201 { id, name, token }, the only time the secret is shown (admins only). */
  POST: ({ request, params, context }) =>
    apiCall<Answer<typeof NewDirectoryTokenAnswer>>(
      async () => {
        const actor = await requireApiUser(context)
        const { name } = await readJson(request, DirectoryTokenName)
        return createDirectoryToken(ctxFor(actor, context), params.organizationId!, name)
      },
      { status: 201 },
    ),
})

// Separate exports: Remix strips `loader` and `action` (and what only they use) from the browser build by name.
export const loader = route.loader
export const action = route.action
