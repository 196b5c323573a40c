import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { db } from '~/db/db.server'
import { env } from '~/env.server'
import { loader as me } from '~/routes/api/users.me'
import { newId, nowIso } from '~/utils/ids.server'
import { args, createUser, makeRequest, uniqueEmail } from '../../../tests/support/factories'
import { codeFlowTokens } from '../../../tests/support/oidc/drive'
import {
  ANOTHER_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  envFor,
  startOidcProvider,
  type RunningProvider,
} from '../../../tests/support/oidc/providers'
import { forgetJwks } from './jwks.server'
import { resetSsoConfig } from './config.server'
import { forgetConfigurations } from './oidc.server'
import { redirectUriOf } from './strategy.server'

/**
 * Bearer tokens on /api/ against a real Microsoft-type provider (oidc-provider on 127.0.0.1:4406):
 * its access token (audience: our client id) authenticates; an expired one (beyond the 600 s clock
 * offset), another product's, an ID token where the access token is expected, one linked to nobody
 * and garbage get 401; a rotated signing key is fetched on its unknown kid.
 */
const PORT = 4406
const SCOPE = 'openid profile email offline_access api.access'
let ms: RunningProvider
const appUrl = () => env().APP_URL

beforeAll(async () => {
  ms = await startOidcProvider({ kind: 'microsoft', port: PORT, appUrl: appUrl(), tokenTtl: 60 })
  Object.assign(process.env, envFor(ms))
  resetSsoConfig()
  forgetConfigurations()
})
afterAll(async () => {
  await ms?.close()
})

async function linkedUser(login: string) {
  const tokens = await codeFlowTokens(ms.issuer, ms.clientId, ms.clientSecret, redirectUriOf('microsoft'), login, SCOPE)
  const claims = tokens.claims()!
  const user = await createUser({ email: uniqueEmail('bearer') })
  await db()
    .insertInto('user_identities')
    .values({
      id: newId(),
      user_id: user.id,
      provider: 'microsoft',
      issuer: claims.iss,
      subject: claims.sub,
      email: null,
      created_at: nowIso(),
      last_used_at: nowIso(),
    })
    .execute()
  return { user, tokens }
}

async function callMe(token: string): Promise<Response> {
  try {
    return (await me(args(makeRequest('/api/users/me', { headers: { Authorization: `Bearer ${token}` } })))) as Response
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
}

describe('Bearer tokens of the Microsoft-type provider', () => {
  it('accepts the access token, mapped to the user by (issuer, subject)', async () => {
    const { user, tokens } = await linkedUser('cecilia@kommun.example.se')
    const answer = await callMe(tokens.access_token)
    expect(answer.status).toBe(200)
    expect((await answer.json()).email).toBe(user.email)
  })

  it('refuses the ID token where the access token is expected, and garbage', async () => {
    const { tokens } = await linkedUser('idtoken@kommun.example.se')
    for (const token of [tokens.id_token!, 'not-a-token', `${tokens.access_token.slice(0, -4)}AAAA`]) {
      const answer = await callMe(token)
      expect(answer.status).toBe(401)
      expect(await answer.json()).toEqual({ message: 'SESSION_NOT_FOUND' })
    }
  })

  it('tolerates a 600 s clock offset, and refuses an expired token beyond it', async () => {
    const { tokens } = await linkedUser('clock@kommun.example.se')
    const now = Date.now()
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(now + (60 + 590) * 1000)
      expect((await callMe(tokens.access_token)).status).toBe(200)
      vi.setSystemTime(now + (60 + 610) * 1000)
      expect((await callMe(tokens.access_token)).status).toBe(401)
    } finally {
      vi.useRealTimers()
      // jose stamped its key set with the faked time; a new process would start afresh.
      forgetJwks()
    }
  })

  it("refuses another product's token (wrong audience) and a token linked to nobody", async () => {
    const { tokens: ours } = await linkedUser('audience@kommun.example.se')
    expect((await callMe(ours.access_token)).status).toBe(200)
    const foreign = await codeFlowTokens(
      ms.issuer,
      ANOTHER_CLIENT_ID,
      DEMO_CLIENT_SECRET,
      `${appUrl()}/another-app/callback`,
      'audience@kommun.example.se',
      SCOPE,
    )
    expect((await callMe(foreign.access_token)).status).toBe(401)
    const nobody = await codeFlowTokens(
      ms.issuer,
      ms.clientId,
      ms.clientSecret,
      redirectUriOf('microsoft'),
      'nobody@kommun.example.se',
      SCOPE,
    )
    expect((await callMe(nobody.access_token)).status).toBe(401)
  })

  it('fetches a rotated signing key on its unknown kid; tokens of the retired key fail', async () => {
    const { tokens: before } = await linkedUser('rotate@kommun.example.se')
    expect((await callMe(before.access_token)).status).toBe(200)
    await ms.close()
    ms = await startOidcProvider({ kind: 'microsoft', port: PORT, appUrl: appUrl(), tokenTtl: 60 })
    const { tokens: after } = await linkedUser('rotated@kommun.example.se')
    // The key set is refetched at most once a second (jose's cooldown).
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect((await callMe(after.access_token)).status).toBe(200)
    expect((await callMe(before.access_token)).status).toBe(401)
  })
})
