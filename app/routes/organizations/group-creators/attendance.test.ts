import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { readToast } from '~/http/toast.server'
import { args, cookiesFrom, createUser, makeRequest, run, sessionCookieFor } from '../../../../tests/support/factories'
import { addMember, createOrganization } from '../../../../tests/support/org-factories'
import * as page from './route'

/** The attendance permission on the group-creators page (migration 011): a column and two bulk intents. */
async function setup() {
  const admin = await createUser({ name: 'Ada Admin' })
  const creator = await createUser({ name: 'Cecilia Creator' })
  const org = await createOrganization({ name: 'Riverside', adminIds: [admin.id] })
  await addMember(org.id, creator.id, { groupCreator: true, attendance: false })
  const path = `/organizations/${org.id}/group-creators`
  return { admin, creator, org, path, params: { organizationId: org.id }, cookie: await sessionCookieFor(admin) }
}

const post = (path: string, form: Record<string, string | string[]>, cookie: string, params: Record<string, string>) =>
  run(() => page.action(args(makeRequest(path, { form, cookie }), params)))
const flag = async (orgId: string, userId: string) =>
  Number(
    (
      await db()
        .selectFrom('organization_members')
        .select('may_create_attendance')
        .where('organization_id', '=', orgId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.may_create_attendance,
  )

describe('group creators page: the attendance permission', () => {
  it('shows it per group creator, grants and revokes it with a result toast', async () => {
    const { creator, org, path, params, cookie } = await setup()
    const before = await run(() => page.loader(args(makeRequest(path, { cookie }), params)))
    expect(before.data.page.items).toEqual([expect.objectContaining({ _id: creator.id, mayCreateAttendance: false })])

    const granted = await post(path, { intent: 'grantAttendance', ids: creator.id }, cookie, params)
    expect(granted.status).toBe(302)
    const toast = (await readToast(new Request('http://localhost/', { headers: { Cookie: cookiesFrom(granted.headers) } }))).toast
    expect(toast).toMatchObject({ key: 'groupCreators.toast.attendanceGranted', values: { succeeded: '1', total: '1' } })
    expect(await flag(org.id, creator.id)).toBe(1)

    const again = await post(path, { intent: 'grantAttendance', ids: creator.id }, cookie, params)
    const partial = (await readToast(new Request('http://localhost/', { headers: { Cookie: cookiesFrom(again.headers) } }))).toast
    expect(partial).toMatchObject({
      key: 'groupCreators.toast.partial',
      items: { failed: { ALREADY_ATTENDANCE_CREATOR: [expect.any(String)] } },
    })

    expect((await post(path, { intent: 'revokeAttendance', scope: 'matching' }, cookie, params)).status).toBe(302)
    expect(await flag(org.id, creator.id)).toBe(0)
    expect((await post(path, { intent: 'revokeAttendance' }, cookie, params)).status).toBe(400)
  })

  it('is not found for the group creators themselves', async () => {
    const { creator, org, path, params } = await setup()
    const res = await post(path, { intent: 'grantAttendance', ids: creator.id }, await sessionCookieFor(creator), params)
    expect(res.status).toBe(404)
    expect(await flag(org.id, creator.id)).toBe(0)
  })
})
