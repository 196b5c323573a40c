import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forgetConfigurations } from '~/auth/sso/oidc.server'
import { resetSsoConfig } from '~/auth/sso/config.server'
import { forgetJwks } from '~/auth/sso/jwks.server'
import { db } from '~/db/db.server'
import { env } from '~/env.server'
import { action as scimUsers } from '~/routes/scim/users'
import { action as scimUser } from '~/routes/scim/user'
import { ctxFor } from '~/services/context.server'
import { createDirectoryToken } from '~/services/directory/tokens.server'
import { ssoApiSignIn } from '~/services/accounts/sso-api-signin.server'
import { redirectUriOf } from '~/auth/sso/strategy.server'
import { args, cookiesFrom, createUser, makeRequest, uniqueEmail } from '../../../tests/support/factories'
import { roundTrip } from '../../../tests/support/oidc/app-round-trip'
import { codeFlowTokens } from '../../../tests/support/oidc/drive'
import { envFor, startOidcProvider, type RunningProvider } from '../../../tests/support/oidc/providers'
import { createOrganization } from '../../../tests/support/org-factories'

/**
 * Single sign-on of people an organization's directory provisioned (docs/directory-sync.md "Signing in with single sign-on",
 * provisioned-sso.server.ts): a Google-type or Microsoft-type account with the same, verified
 * email lands in the provisioned account; an unverified email, the e-ID, a deactivated person and
 * an account no directory provisioned go through /signup/confirm as before.
 */
let google: RunningProvider
let microsoft: RunningProvider
let sei: RunningProvider
beforeAll(async () => {
  const appUrl = env().APP_URL
  ;[google, microsoft, sei] = await Promise.all(
    (['google', 'microsoft', 'seiLinkopingKommun'] as const).map((kind) => startOidcProvider({ kind, port: 0, appUrl })),
  )
  Object.assign(process.env, envFor(google), envFor(microsoft), envFor(sei))
  resetSsoConfig()
  forgetConfigurations()
  forgetJwks()
})
afterAll(async () => {
  await Promise.all([google?.close(), microsoft?.close(), sei?.close()])
})

/** An organization whose directory provisions `email` through /scim/v2 (a token made by the service). */
async function provision(email: string) {
  const admin = await createUser({ name: 'Astrid Admin' })
  const org = await createOrganization({ name: `Kommunen ${email}`, adminIds: [admin.id] })
  const { token } = await createDirectoryToken(ctxFor(admin), org.id, 'Entra ID')
  const headers = { Authorization: `Bearer ${token}` }
  const res = await scimUsers(
    args(
      makeRequest('/scim/v2/Users', {
        json: {
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
          userName: email,
          name: { givenName: 'Pia', familyName: 'Provisioned' },
          active: true,
        },
        headers,
      }),
    ),
  )
  expect(res.status).toBe(201)
  const { id } = (await res.json()) as { id: string }
  const user = await db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()
  const deactivate = () =>
    scimUser(
      args(
        makeRequest(`/scim/v2/Users/${id}`, {
          method: 'PATCH',
          json: {
            schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
            Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
          },
          headers,
        }),
        { id },
      ),
    )
  return { org, user, deactivate }
}

const identitiesOf = (userId: string) =>
  db().selectFrom('user_identities').select(['provider', 'subject']).where('user_id', '=', userId).execute()
const sessionsOf = (userId: string) => db().selectFrom('sessions').select('id_hash').where('user_id', '=', userId).execute()

describe('a provisioned person signing in with a verified email', () => {
  for (const provider of ['google', 'microsoft'] as const) {
    it(`${provider}: lands signed in in the provisioned account, linked to it, a member of the organization`, async () => {
      const email = uniqueEmail(`pia-${provider}`)
      const { org, user } = await provision(email)
      expect(user.password_hash).toBeNull()
      const { answer } = await roundTrip(provider, email, { query: '?redirectTo=/organizations' })
      expect(answer.headers.get('Location')).toBe('/organizations')
      expect(cookiesFrom(answer.headers)).toMatch(/session=[^;]+/)
      expect(await sessionsOf(user.id)).toHaveLength(1)
      expect(await identitiesOf(user.id)).toEqual([expect.objectContaining({ provider })])
      expect(await db().selectFrom('users').select('id').where('email', '=', email).execute()).toHaveLength(1)
      const member = await db()
        .selectFrom('organization_members')
        .select('role')
        .where('organization_id', '=', org.id)
        .where('user_id', '=', user.id)
        .executeTakeFirst()
      expect(member).toEqual({ role: 'member' })
      // Returning: by the link, as any linked account.
      expect((await roundTrip(provider, email)).answer.headers.get('Location')).toBe('/')
    })
  }

  it('POST /api/v2/signin with the Google-type ID token does the same', async () => {
    const email = uniqueEmail('pia-api')
    const { user } = await provision(email)
    const tokens = await codeFlowTokens(
      google.issuer,
      google.clientId,
      google.clientSecret,
      redirectUriOf('google'),
      email,
      'openid email profile',
    )
    const signedIn = await ssoApiSignIn(ctxFor(null), tokens.id_token!, { checkUserExist: true }, 'sv')
    expect(signedIn.user.id).toBe(user.id)
    expect(await identitiesOf(user.id)).toHaveLength(1)
  })
})

describe('the limits of the rule', () => {
  it('an unverified email never links: the person goes to /signup/confirm', async () => {
    const email = uniqueEmail('unverified-pia')
    const { user } = await provision(email)
    // The local providers give "unverified…" logins their email unverified.
    const { answer } = await roundTrip('google', email)
    expect(answer.headers.get('Location')).toBe('/signup/confirm')
    expect(await identitiesOf(user.id)).toHaveLength(0)
    expect(await sessionsOf(user.id)).toHaveLength(0)
  })

  it('the e-ID never links by email', async () => {
    const email = uniqueEmail('pia-eid')
    const { user } = await provision(email)
    const { answer } = await roundTrip('seiLinkopingKommun', email)
    expect(answer.headers.get('Location')).toBe('/signup/confirm')
    expect(await identitiesOf(user.id)).toHaveLength(0)
  })

  it('a person the directory deactivated, and an account no directory provisioned, are not linked', async () => {
    const email = uniqueEmail('pia-gone')
    const { user, deactivate } = await provision(email)
    expect((await deactivate()).status).toBe(200)
    expect((await roundTrip('google', email)).answer.headers.get('Location')).toBe('/signup/confirm')
    expect(await identitiesOf(user.id)).toHaveLength(0)

    const own = await createUser({ email: uniqueEmail('own') })
    expect((await roundTrip('google', own.email)).answer.headers.get('Location')).toBe('/signup/confirm')
    expect(await identitiesOf(own.id)).toHaveLength(0)
  })

  it('an account that already has another account of the provider is not linked a second one', async () => {
    const email = uniqueEmail('pia-twice')
    const { user } = await provision(email)
    await db()
      .insertInto('user_identities')
      .values({
        id: `other-${user.id}`,
        user_id: user.id,
        provider: 'google',
        issuer: google.issuer,
        subject: 'someone-else',
        email,
        created_at: new Date().toISOString(),
        last_used_at: new Date().toISOString(),
      })
      .execute()
    expect((await roundTrip('google', email)).answer.headers.get('Location')).toBe('/signup/confirm')
    expect(await identitiesOf(user.id)).toHaveLength(1)
  })
})
