import { expect, test } from '../support/e2e/fixtures'
import { addMember, appDb, insertOrganization, insertUser, signIn, signOut, tag } from '../support/e2e/orgs'
import { appLinkIn, latestEmail } from '../support/e2e/mail'
import { confirmProviderSignOut, signInAtProvider } from '../support/e2e/sso'
import { uniqueEmail } from '../support/e2e/users'

/*
 * Single sign-on against the local providers (scripts/oidc-providers.ts) when they misbehave, for
 * a sign-up finished by the emailed link, and for people a directory provisioned (issue 28 item 9,
 * issue 27 item 9). A login prefixed with a
 * misbehaviour (docs/sso.md, "Local providers") makes the provider re-sign its ID token with a key
 * it never published, or its token endpoint answer 503. Tagged @nojs: again without JavaScript.
 */

test(
  'an ID token signed with a key the provider never published signs nobody in and starts no sign-up',
  { tag: '@nojs' },
  async ({ page }) => {
    const email = uniqueEmail('linked')
    await page.goto('/signin')
    await page.getByRole('link', { name: 'Fortsätt med Google' }).click()
    await signInAtProvider(page, email)
    await page.getByRole('button', { name: 'Skapa konto' }).click()
    await expect(page).toHaveURL('/')
    await signOut(page)

    // The same Google account, its ID token re-signed with a foreign key under the provider's kid.
    await page.goto('/signin')
    await page.getByRole('link', { name: 'Fortsätt med Google' }).click()
    await signInAtProvider(page, `foreign-key:${email}`)
    await expect(page).toHaveURL(/\/signin\?ssoError=SSO_TOKEN_INVALID/)
    await expect(page.getByText('Svaret från leverantören kunde inte kontrolleras.', { exact: false })).toBeVisible()
    expect((await page.request.get('/api/users/me')).status()).toBe(401)

    // A new account, under a kid the provider never published: no /signup/confirm. (A fresh browser:
    // the provider would otherwise ask to switch from its signed-in account.)
    await signOut(page)
    await page.goto('/signin')
    await page.getByRole('link', { name: 'Fortsätt med Google' }).click()
    await signInAtProvider(page, `foreign-kid:${uniqueEmail('new')}`)
    await expect(page).toHaveURL(/\/signin\?ssoError=SSO_TOKEN_INVALID/)
    await page.goto('/signup/confirm')
    await expect(page).not.toHaveURL('/signup/confirm')

    // A token endpoint answering 503: the provider is down.
    await signOut(page)
    await page.goto('/signin')
    await page.getByRole('link', { name: 'Fortsätt med Google' }).click()
    await signInAtProvider(page, `token-503:${email}`)
    await expect(page).toHaveURL(/\/signin\?ssoError=SSO_PROVIDER_DOWN/)
    await expect(page.getByText('Inloggningstjänsten svarar inte just nu.', { exact: false })).toBeVisible()
    expect((await page.request.get('/api/users/me')).status()).toBe(401)
  },
)

test(
  'someone the directory provisioned signs in with Google into their provisioned account',
  { tag: '@nojs' },
  async ({ page, request }) => {
    const t = tag()
    const org = insertOrganization(`Katedralskolan ${t}`)
    const admin = await insertUser({ name: `Astrid Admin ${t}` })
    addMember(org.id, admin.id, { role: 'admin' })
    // The directory's token, made through the service by the admin (the JSON API), then /scim/v2.
    await signIn(page, admin)
    const made = await page.request.post(`/api/v1/organizations/${org.id}/scim-tokens`, { data: { name: 'Google Workspace' } })
    expect(made.status(), await made.text()).toBe(201)
    const { token } = (await made.json()) as { token: string }
    await signOut(page)
    const email = uniqueEmail('pia')
    const provisioned = await request.post('/scim/v2/Users', {
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/scim+json' },
      data: {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: email,
        name: { givenName: 'Pia', familyName: `Provisioned ${t}` },
        active: true,
      },
    })
    expect(provisioned.status(), await provisioned.text()).toBe(201)

    await page.goto('/signin')
    await page.getByRole('link', { name: 'Fortsätt med Google' }).click()
    await signInAtProvider(page, email)
    // No /signup/confirm: straight into the provisioned account, a member of the organization.
    await expect(page).toHaveURL('/')
    await expect(page.getByText(`Välkommen, Pia Provisioned ${t}!`)).toBeVisible()
    const me = (await (await page.request.get('/api/users/me')).json()) as { email: string }
    expect(me.email).toBe(email)
    const accounts = appDb().prepare('select id from users where email = ?').all(email) as { id: string }[]
    expect(accounts).toHaveLength(1)
    const member = appDb()
      .prepare('select role from organization_members where organization_id = ? and user_id = ?')
      .get(org.id, accounts[0]!.id)
    expect(member).toEqual({ role: 'member' })
    const linked = appDb().prepare('select provider from user_identities where user_id = ?').all(accounts[0]!.id)
    expect(linked).toEqual([{ provider: 'google' }])
  },
)

test(
  'a sign-up finished by the emailed link keeps the provider session: sign-out ends it at the provider',
  { tag: '@nojs' },
  async ({ page }) => {
    const typed = uniqueEmail('eid-typed')
    await page.goto('/signin/linkoping')
    await page.getByRole('link', { name: /Fortsätt med Linköpings kommun/ }).click()
    await signInAtProvider(page, `unverified-${uniqueEmail('eid')}`)
    await page.getByLabel('Namn').fill('Edit Ek')
    await page.getByLabel('E-post').fill(typed)
    await page.getByRole('button', { name: 'Skapa konto' }).click()
    await expect(page.getByRole('heading', { name: 'Kolla din e-post' })).toBeVisible()

    await page.goto(appLinkIn(await latestEmail(typed, { subject: /Linköping/ })))
    await page.getByRole('button', { name: 'Bekräfta och logga in' }).click()
    await expect(page).toHaveURL('/')

    // The session has the round trip's tokens: the refresh token is revoked, then the provider's end-session.
    await page.goto('/signout')
    await page.getByRole('button', { name: 'Logga ut' }).click()
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/session\/end/)
    await confirmProviderSignOut(page)
    await expect(page).toHaveURL(/\/signin/)
    expect((await page.request.get('/api/users/me')).status()).toBe(401)
  },
)
