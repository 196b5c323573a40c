import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { ctxFor } from '~/services/context.server'
import { createUser, provenCtx } from '../../../tests/support/factories'
import { linkIdentity, listIdentities, unlinkIdentity } from './user-identities.server'

const key = (subject: string, issuer = 'https://accounts.example.com') => ({ provider: 'google' as const, issuer, subject, email: null })

describe('user identities', () => {
  it('keys by (issuer, subject): one provider account belongs to one user, one per issuer per user', async () => {
    const [a, b] = [await createUser(), await createUser()]
    await linkIdentity(ctxFor(a), a.id, key('s-1'))
    await expect(linkIdentity(ctxFor(b), b.id, key('s-1'))).rejects.toMatchObject({ code: 'SSO_IDENTITY_TAKEN' })
    await expect(linkIdentity(ctxFor(a), a.id, key('s-2'))).rejects.toMatchObject({ code: 'SSO_ALREADY_LINKED' })
    // The same subject at another issuer is another account.
    await linkIdentity(ctxFor(b), b.id, key('s-1', 'https://login.example.com'))
    expect(await listIdentities(ctxFor(b))).toHaveLength(1)
  })

  it("lists and unlinks only the actor's own; another user's is not found", async () => {
    const [owner, other] = [await createUser(), await createUser()]
    const id = await linkIdentity(ctxFor(owner), owner.id, key('own-1'))
    expect((await listIdentities(ctxFor(other))).map((i) => i._id)).not.toContain(id)
    await expect(unlinkIdentity(provenCtx(other), id)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await unlinkIdentity(provenCtx(owner), id)
    expect(await listIdentities(ctxFor(owner))).toHaveLength(0)
  })

  it('keeps the last way in: a user without a password cannot unlink their only provider account', async () => {
    const user = await createUser({ password_hash: null })
    const only = await linkIdentity(ctxFor(user), user.id, key('only-1'))
    await expect(unlinkIdentity(provenCtx(user), only)).rejects.toMatchObject({ code: 'SSO_LAST_WAY_IN' })
    const second = await linkIdentity(ctxFor(user), user.id, key('only-2', 'https://login.example.com'))
    await unlinkIdentity(provenCtx(user), only)
    await expect(unlinkIdentity(provenCtx(user), second)).rejects.toMatchObject({ code: 'SSO_LAST_WAY_IN' })
    expect(await db().selectFrom('user_identities').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1)
  })
})
