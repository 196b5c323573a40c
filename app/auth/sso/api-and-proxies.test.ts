import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as client from 'openid-client'
import { db } from '~/db/db.server'
import { env } from '~/env.server'
import { action as signinAction } from '~/routes/api/signin'
import { loader as me } from '~/routes/api/users.me'
import { action as addSecret } from '~/routes/internal/add-secret'
import { loader as seiClientId } from '~/routes/internal/sei-client-id'
import { args, createUser, lastMailTo, makeRequest, run, uniqueEmail } from '../../../tests/support/factories'
import { codeFlowTokens, followToCallback } from '../../../tests/support/oidc/drive'
import { envFor, startOidcProvider, type RunningProvider } from '../../../tests/support/oidc/providers'
import { resetSsoConfig } from './config.server'
import { forgetConfigurations } from './oidc.server'
import { redirectUriOf } from './strategy.server'

/**
 * POST /api/v2/signin with a Google-type ID token (the SSO fields), the Google-type Bearer rule (ID
 * token), and the internal endpoints: get-client-id and the token-exchange proxies. Real providers
 * (Google-type and e-ID) on free ports of 127.0.0.1: the fixed ones belong to the other files.
 */
const GOOGLE_PORT = 0
const SEI_PORT = 0
let google: RunningProvider
let sei: RunningProvider

beforeAll(async () => {
  const appUrl = env().APP_URL
  ;[google, sei] = await Promise.all([
    startOidcProvider({ kind: 'google', port: GOOGLE_PORT, appUrl }),
    startOidcProvider({ kind: 'seiLinkopingKommun', port: SEI_PORT, appUrl }),
  ])
  Object.assign(process.env, envFor(google), envFor(sei))
  resetSsoConfig()
  forgetConfigurations()
})
afterAll(async () => {
  await Promise.all([google?.close(), sei?.close()])
})

const googleTokens = (login: string) =>
  codeFlowTokens(google.issuer, google.clientId, google.clientSecret, redirectUriOf('google'), login, 'openid profile email offline_access')
const ssoSignIn = (idToken: string, json: object) =>
  run(() => signinAction(args(makeRequest('/api/v2/signin', { method: 'POST', json, headers: { Authorization: `Bearer ${idToken}` } }))))

describe('POST /api/v2/signin with an ID token', () => {
  it('answers NO_USER when asked, creates the user otherwise, then signs in the same (issuer, subject)', async () => {
    const email = uniqueEmail('api')
    const tokens = await googleTokens(email)
    const asked = await ssoSignIn(tokens.id_token!, { checkUserExist: true })
    expect(asked.status).toBe(404)
    const created = await ssoSignIn(tokens.id_token!, { invitation: 'ACDE23' })
    expect(created.status).toBe(200)
    expect(created.headers.getSetCookie().join()).toMatch(/session=/)
    const body = await (
      await signinAction(
        args(makeRequest('/api/v2/signin', { method: 'POST', json: {}, headers: { Authorization: `Bearer ${tokens.id_token}` } })),
      )
    ).json()
    expect(body.email).toBe(email)
    expect(await db().selectFrom('user_identities').select('id').where('email', '=', email).execute()).toHaveLength(1)

    // The Google-type Bearer rule: its ID token authenticates /api/ calls.
    const answer = (await me(args(makeRequest('/api/users/me', { headers: { Authorization: `Bearer ${tokens.id_token}` } })))) as Response
    expect((await answer.json()).email).toBe(email)
  })

  it('answers VERIFICATION_REQUIRED for an existing account (a link goes to its owner) and for a typed email', async () => {
    const owner = await createUser({ email: uniqueEmail('taken') })
    const tokens = await googleTokens(owner.email)
    const existing = await ssoSignIn(tokens.id_token!, {})
    expect(existing.status).toBe(403)
    expect((await lastMailTo(owner.email))?.subject).toMatch(/Google/)
    expect(await db().selectFrom('user_identities').select('id').where('user_id', '=', owner.id).execute()).toHaveLength(0)

    const unverified = await googleTokens(`unverified-${uniqueEmail('typed')}`)
    expect((await ssoSignIn(unverified.id_token!, {})).status).toBe(409) // USER_CREATION_FAILED: no usable email
    const typed = uniqueEmail('manual')
    const manual = await ssoSignIn(unverified.id_token!, { manuallyProvidedEmail: typed })
    expect(manual.status).toBe(403)
    expect(await lastMailTo(typed)).toBeDefined()
  })

  it('refuses a token that is not an ID token of ours with 401', async () => {
    const tokens = await googleTokens(uniqueEmail('bad'))
    expect((await ssoSignIn(`${tokens.id_token!.slice(0, -6)}AAAAAA`, {})).status).toBe(401)
  })
})

describe('internal endpoints', () => {
  it('GET /internal/seiLinkopingKommun/get-client-id answers the client id', async () => {
    const answer = (await seiClientId(args(makeRequest('/internal/seiLinkopingKommun/get-client-id')))) as Response
    expect(await answer.json()).toEqual({ clientId: sei.clientId })
  })

  it('forwards a browser code exchange with the server-held secret, and nothing else', async () => {
    const config = await client.discovery(new URL(google.issuer), google.clientId, undefined, client.None(), {
      execute: [client.allowInsecureRequests],
    })
    const verifier = client.randomPKCECodeVerifier()
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUriOf('google'),
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 's',
    })
    const callback = new URL(await followToCallback(url.href, { login: uniqueEmail('proxy'), redirectUri: redirectUriOf('google') }))
    const form = {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: redirectUriOf('google'),
      code_verifier: verifier,
    }

    const smuggled = await run(() =>
      addSecret(args(makeRequest('/internal/google/add-secret', { form: { ...form, client_secret: 'x' } }), { provider: 'google' })),
    )
    expect(smuggled.status).toBe(400)
    const otherClient = await run(() =>
      addSecret(args(makeRequest('/internal/google/add-secret', { form: { ...form, client_id: 'someone-else' } }), { provider: 'google' })),
    )
    expect(otherClient.status).toBe(400)
    for (const provider of ['microsoft', 'apple', 'elsewhere']) {
      expect((await run(() => addSecret(args(makeRequest(`/internal/${provider}/add-secret`, { form }), { provider })))).status).toBe(404)
    }

    const exchanged = (await addSecret(args(makeRequest('/internal/google/add-secret', { form }), { provider: 'google' }))) as Response
    expect(exchanged.status).toBe(200)
    const tokens = await exchanged.json()
    expect(tokens.id_token).toBeTruthy()
    expect(JSON.stringify(tokens)).not.toContain(google.clientSecret)
    // The code is used up: the provider's own refusal comes back as it is.
    const again = (await addSecret(args(makeRequest('/internal/google/add-secret', { form }), { provider: 'google' }))) as Response
    expect(again.status).toBe(400)
    expect((await again.json()).error).toBe('invalid_grant')
  })
})
