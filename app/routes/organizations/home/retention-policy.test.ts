import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { readToast } from '~/http/toast.server'
import { args, cookiesFrom, createUser, makeRequest, run, sessionCookieFor } from '../../../../tests/support/factories'
import { createGroup, createOrganization } from '../../../../tests/support/org-factories'
import { action, loader } from './route'

/** The organization's retention policy on its home (docs/group-work.md "Retention"): its admins set the default and the maximum. */
async function setup() {
  const [admin, member] = await Promise.all(['Agnes', 'Melker'].map((name) => createUser({ name })))
  const org = await createOrganization({ adminIds: [admin.id], memberIds: [member.id] })
  const group = await createGroup(org.id, { ownerId: member.id })
  await db().updateTable('groups').set({ retention_months: 24 }).where('id', '=', group.id).execute()
  return { admin, member, org, group, path: `/organizations/${org.id}` }
}

const post = async (user: { id: string }, path: string, organizationId: string, form: Record<string, string>) =>
  run(async () => action(args(makeRequest(path, { form, cookie: await sessionCookieFor(user) }), { organizationId })))
const policyOf = (id: string) =>
  db()
    .selectFrom('organizations')
    .select(['retention_default_months', 'retention_max_months'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

describe('the organization home: retention policy', () => {
  it('shows the admin the policy; saving a lower maximum shortens longer groups and says how many', async () => {
    const s = await setup()
    const home = await run(async () =>
      loader(args(makeRequest(s.path, { cookie: await sessionCookieFor(s.admin) }), { organizationId: s.org.id })),
    )
    expect(home.data.retention).toEqual({ defaultMonths: 3, maxMonths: 24 })
    const res = await post(s.admin, s.path, s.org.id, { intent: 'retentionPolicy', defaultMonths: '6', maxMonths: '12' })
    expect(res.status).toBe(302)
    const toast = (await readToast(new Request('http://localhost/', { headers: { Cookie: cookiesFrom(res.headers) } }))).toast
    expect(toast).toMatchObject({ key: 'orgHome.retention.savedShortened', values: { groups: '1' } })
    expect(await policyOf(s.org.id)).toEqual({ retention_default_months: 6, retention_max_months: 12 })
    const group = await db().selectFrom('groups').select('retention_months').where('id', '=', s.group.id).executeTakeFirstOrThrow()
    expect(group.retention_months).toBe(12)
  })

  it('a default over the maximum or an unknown period comes back on the form; a member gets the not-found page; nothing changes', async () => {
    const s = await setup()
    const over = await post(s.admin, s.path, s.org.id, { intent: 'retentionPolicy', defaultMonths: '12', maxMonths: '6' })
    expect(over.status).toBe(400)
    expect(over.data).toMatchObject({
      intent: 'retentionPolicy',
      result: { error: { defaultMonths: ['validation.retentionDefaultOverMax'] } },
    })
    const odd = await post(s.admin, s.path, s.org.id, { intent: 'retentionPolicy', defaultMonths: '2', maxMonths: '6' })
    expect(odd.status).toBe(400)
    expect((await post(s.member, s.path, s.org.id, { intent: 'retentionPolicy', defaultMonths: '1', maxMonths: '1' })).status).toBe(404)
    expect(await policyOf(s.org.id)).toEqual({ retention_default_months: 3, retention_max_months: 24 })
  })
})
