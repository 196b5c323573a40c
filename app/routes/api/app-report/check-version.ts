import { CheckVersionSchema } from '~/services/platform/app-version.schemas'
import { checkVersion } from '~/services/platform/app-version.server'
import { apiCall, apiRoute, readJson } from '../api.server'
import type { Answer } from '../openapi/operation'
import type { VersionCheckAnswer } from '../client-reports.openapi'

const route = apiRoute({
  /**
   * POST /api/app-report/check-version: `{ enforceUpdate, recommendUpdate }` for the page's build
   * (services/platform/app-version.server.ts). Anyone may ask; a passive request (never extends a session).
   */
  POST: ({ request }) =>
    apiCall<Answer<typeof VersionCheckAnswer>>(async () => checkVersion((await readJson(request, CheckVersionSchema)).appVersion)),
})

export const loader = route.loader
export const action = route.action
