import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { DomainError } from '~/errors'
import { createUser } from '../../../tests/support/factories'
import { ctxFor } from '../context.server'
import { createSession, readSession } from '~/auth/session.server'
import { endAllSessions, endSessionsOf, listUndeliveredMail, retryMail, setPlatformAdmin } from './platform.server'

const flagOf = async (id: string) =>
  (await db().selectFrom('users').select('is_platform_admin').where('id', '=', id).executeTakeFirstOrThrow()).is_platform_admin

describe('platform administration', () => {
  it('grant and revoke (npm run admin) set the flag of the account with the address, in any case', async () => {
    const user = await createUser()
    expect(await flagOf(user.id)).toBe(0)
    expect(await setPlatformAdmin(db(), ` ${user.email.toUpperCase()} `, true)).toBe(true)
    expect(await flagOf(user.id)).toBe(1)
    expect(await setPlatformAdmin(db(), user.email, false)).toBe(true)
    expect(await flagOf(user.id)).toBe(0)
    expect(await setPlatformAdmin(db(), 'nobody-here@example.se', true)).toBe(false)
  })

  it('end-sessions and end-all-sessions (npm run admin) end one account’s sessions, or everyone’s (ASVS 7.4.5)', async () => {
    const user = await createUser()
    const other = await createUser()
    const cookieOf = async (id: string) => (await createSession(db(), id, 'password')).split(';')[0]!
    const [mine, theirs] = [await cookieOf(user.id), await cookieOf(other.id)]
    await cookieOf(user.id)
    expect(await endSessionsOf(db(), ` ${user.email.toUpperCase()} `)).toBe(2)
    expect((await readSession(db(), mine)).status).toBe('expired')
    expect((await readSession(db(), theirs)).status).toBe('active')
    expect(await endSessionsOf(db(), 'nobody-here@example.se')).toBeNull()
    await cookieOf(user.id)
    expect(await endAllSessions(db())).toBeGreaterThanOrEqual(2)
    expect((await readSession(db(), theirs)).status).toBe('expired')
    expect(await db().selectFrom('sessions').select('id_hash').execute()).toEqual([])
  })

  it('the mail services do not exist for anyone else (NOT_FOUND)', async () => {
    const user = await createUser()
    const notFound = expect.objectContaining({ code: 'NOT_FOUND' })
    await expect(listUndeliveredMail(ctxFor(user))).rejects.toEqual(notFound)
    await expect(retryMail(ctxFor(user), 'x')).rejects.toBeInstanceOf(DomainError)
    await expect(listUndeliveredMail(ctxFor(null))).rejects.toEqual(notFound)
    const admin = await createUser({ is_platform_admin: 1 })
    await expect(listUndeliveredMail(ctxFor(admin))).resolves.toEqual(expect.any(Array))
  })
})
