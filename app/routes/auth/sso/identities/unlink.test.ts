import { describe, expect, it } from 'vitest'
import { ctxFor } from '~/services/context.server'
import { linkIdentity, listIdentities } from '~/services/accounts/user-identities.server'
import { readToast } from '~/http/toast.server'
import { args, cookiesFrom, createUser, makeRequest, run, sessionCookieFor } from '../../../../../tests/support/factories'
import * as unlink from './unlink'

const key = (subject: string) => ({ provider: 'google' as const, issuer: 'https://accounts.example.com', subject, email: null })
const toastOf = async (headers: Headers) =>
  (await readToast(new Request('http://localhost/', { headers: { Cookie: cookiesFrom(headers) } }))).toast

const post = async (identityId: string, cookie: string) =>
  run(() =>
    unlink.action(args(makeRequest(`/sso/identities/${identityId}/unlink`, { form: { redirectTo: '/users/me' }, cookie }), { identityId })),
  )

describe('/sso/identities/:identityId/unlink', () => {
  it("unlinks the user's own provider account and says so; another user's is not found and stays", async () => {
    const [owner, other] = [await createUser(), await createUser()]
    const id = await linkIdentity(ctxFor(owner), owner.id, key('unlink-1'))
    expect((await post(id, await sessionCookieFor(other))).status).toBe(404)
    expect(await listIdentities(ctxFor(owner))).toHaveLength(1)
    const res = await post(id, await sessionCookieFor(owner))
    expect(res.status).toBe(302)
    expect(await toastOf(res.headers)).toMatchObject({ key: 'sso.identities.unlinked' })
    expect(await listIdentities(ctxFor(owner))).toHaveLength(0)
  })

  it('keeps the last way in: back with the error as a toast, nothing unlinked', async () => {
    const user = await createUser({ password_hash: null })
    const id = await linkIdentity(ctxFor(user), user.id, key('unlink-2'))
    const res = await post(id, await sessionCookieFor(user))
    expect(res.status).toBe(302)
    expect(await toastOf(res.headers)).toMatchObject({ key: 'errors.SSO_LAST_WAY_IN', type: 'error' })
    expect(await listIdentities(ctxFor(user))).toHaveLength(1)
  })
})
