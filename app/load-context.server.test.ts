import { describe, expect, it } from 'vitest'
import { TOUCH_EVERY_MS } from '~/auth/session.server'
import { db } from '~/db/db.server'
import { requireOrgAdmin } from '~/services/access.server'
import { ctxFor } from '~/services/context.server'
import { args, createUser, makeRequest, sessionCookieFor } from '../tests/support/factories'
import { createOrganization } from '../tests/support/org-factories'

const lastSeen = async (userId: string) =>
  (await db().selectFrom('sessions').select('last_seen_at').where('user_id', '=', userId).executeTakeFirstOrThrow()).last_seen_at

describe('the load context of a request', () => {
  it('reads the session once, however many loaders ask', async () => {
    const user = await createUser()
    const { context } = args(makeRequest('/', { cookie: await sessionCookieFor(user) }))
    const first = context.session()
    expect(context.session()).toBe(first)
    expect(await first).toMatchObject({ status: 'active', user: { id: user.id } })
    // Deleting the row does not change this request's answer: it was read once.
    await db().deleteFrom('sessions').where('user_id', '=', user.id).execute()
    expect((await context.session()).status).toBe('active')
    // The next request reads it again.
    const next = args(makeRequest('/', { cookie: await sessionCookieFor(user) })).context
    expect((await next.session()).status).toBe('active')
  })

  it('writes last_seen at most once a minute', async () => {
    const user = await createUser()
    const cookie = await sessionCookieFor(user)
    const old = new Date(Date.now() - TOUCH_EVERY_MS + 5_000).toISOString()
    await db().updateTable('sessions').set({ last_seen_at: old }).where('user_id', '=', user.id).execute()
    await args(makeRequest('/', { cookie })).context.session()
    expect(await lastSeen(user.id)).toBe(old)
    const older = new Date(Date.now() - TOUCH_EVERY_MS - 1_000).toISOString()
    await db().updateTable('sessions').set({ last_seen_at: older }).where('user_id', '=', user.id).execute()
    await args(makeRequest('/', { cookie })).context.session()
    expect((await lastSeen(user.id)) > older).toBe(true)
  })

  it('shares the admin check between the loaders of a GET, never across an action', async () => {
    const admin = await createUser()
    const org = await createOrganization({ adminIds: [admin.id] })
    const demote = () =>
      db()
        .updateTable('organization_members')
        .set({ role: 'member' })
        .where('user_id', '=', admin.id)
        .where('organization_id', '=', org.id)
        .execute()

    const page = args(makeRequest('/organizations/x/members'))
    await requireOrgAdmin(ctxFor(admin, page.context), org.id)
    const post = args(makeRequest('/organizations/x/members', { form: { intent: 'remove' } }))
    await requireOrgAdmin(ctxFor(admin, post.context), org.id)
    await demote()
    // The same GET asks once: the layout's answer serves the screen's loader.
    await expect(requireOrgAdmin(ctxFor(admin, page.context), org.id)).resolves.toMatchObject({ id: org.id })
    // An action asks every time.
    await expect(requireOrgAdmin(ctxFor(admin, post.context), org.id)).rejects.toMatchObject({ code: 'ORGANIZATION_NOT_FOUND' })
  })
})
