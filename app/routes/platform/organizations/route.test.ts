import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { readToast } from '~/http/toast.server'
import { args, cookiesFrom, createUser, makeRequest, run, sessionCookieFor } from '../../../../tests/support/factories'
import { createOrganization } from '../../../../tests/support/org-factories'
import * as layout from '../layout'
import * as detail from './detail'
import * as list from './route'

async function setup() {
  const platform = await createUser({ name: 'Pia Plattform', is_platform_admin: 1 })
  const admin = await createUser({ name: 'Ada Admin' })
  const other = await createUser({ name: 'Otto Other' })
  const org = await createOrganization({ name: 'Riverside', adminIds: [admin.id] })
  return { platform, admin, other, org, cookie: await sessionCookieFor(platform) }
}

const get = (handler: (a: any) => unknown, path: string, cookie?: string, params: Record<string, string> = {}) =>
  run(() => handler(args(makeRequest(path, { cookie }), params)))
const post = (
  handler: (a: any) => unknown,
  path: string,
  form: Record<string, string>,
  cookie: string,
  params: Record<string, string> = {},
) => run(() => handler(args(makeRequest(path, { form, cookie }), params)))
const toastOf = async (headers: Headers) =>
  (await readToast(new Request('http://localhost/', { headers: { Cookie: cookiesFrom(headers) } }))).toast
const auditOf = (organizationId: string) =>
  db()
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'items', 'result'])
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
const roleOf = async (organizationId: string, userId: string) =>
  (
    await db()
      .selectFrom('organization_members')
      .select('role')
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.role

describe('platform organizations: access', () => {
  it('does not exist for anyone but platform admins, organization admins included', async () => {
    const { admin, org } = await setup()
    const detailPath = `/platform/organizations/${org.id}`
    const params = { organizationId: org.id }
    for (const user of [admin, await createUser()]) {
      const cookie = await sessionCookieFor(user)
      expect((await get(layout.loader, '/platform/organizations', cookie)).status).toBe(404)
      expect((await get(list.loader, '/platform/organizations', cookie)).status).toBe(404)
      expect((await get(detail.loader, detailPath, cookie, params)).status).toBe(404)
      expect(
        (await post(list.action, '/platform/organizations', { intent: 'create', name: 'Sneaky', adminEmail: user.email }, cookie)).status,
      ).toBe(404)
      expect((await post(detail.action, detailPath, { intent: 'rename', name: 'Sneaky' }, cookie, params)).status).toBe(404)
      expect((await post(detail.action, detailPath, { intent: 'addAdmin', email: user.email }, cookie, params)).status).toBe(404)
    }
    expect(await db().selectFrom('organizations').select('name').where('id', '=', org.id).executeTakeFirst()).toEqual({ name: 'Riverside' })
    expect(await db().selectFrom('organizations').select('id').where('name', '=', 'Sneaky').execute()).toEqual([])
    expect(await auditOf(org.id)).toEqual([])
    const anonymous = await get(list.loader, '/platform/organizations')
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('Location')).toBe(`/signin?redirectTo=${encodeURIComponent('/platform/organizations')}`)
  })

  it('answers an unknown organization with not found', async () => {
    const { cookie } = await setup()
    expect((await get(detail.loader, '/platform/organizations/nope', cookie, { organizationId: 'nope' })).status).toBe(404)
    expect(
      (await post(detail.action, '/platform/organizations/nope', { intent: 'rename', name: 'X' }, cookie, { organizationId: 'nope' }))
        .status,
    ).toBe(404)
  })
})

describe('platform organizations: changes', () => {
  it('lists and searches every organization with counts', async () => {
    const { cookie, admin } = await setup()
    const org = await createOrganization({ name: 'Åsa Ödmarks skola', adminIds: [admin.id], memberIds: [(await createUser()).id] })
    const res = await get(list.loader, `/platform/organizations?q=${encodeURIComponent('ÅSA ödmark')}`, cookie)
    expect(res.data.list.items).toEqual([
      expect.objectContaining({ _id: org.id, name: 'Åsa Ödmarks skola', active: true, members: 2, admins: 1 }),
    ])
    expect(res.data.list.total).toBe(1)
  })

  it('creates an organization with an existing account as its first admin, audited', async () => {
    const { platform, other, cookie } = await setup()
    const unknown = await post(
      list.action,
      '/platform/organizations',
      { intent: 'create', name: 'Nowhere', adminEmail: 'nobody@example.se' },
      cookie,
    )
    expect(unknown.status).toBe(404)
    expect(unknown.data.result.error.adminEmail).toEqual(['errors.NO_ACCOUNT_WITH_EMAIL'])
    const res = await post(
      list.action,
      '/platform/organizations',
      { intent: 'create', name: ' Lakeside ', adminEmail: other.email.toUpperCase() },
      cookie,
    )
    expect(res.status).toBe(302)
    const made = await db().selectFrom('organizations').selectAll().where('name', '=', 'Lakeside').executeTakeFirstOrThrow()
    expect(res.headers.get('Location')).toBe(`/platform/organizations/${made.id}`)
    expect(await toastOf(res.headers)).toMatchObject({ key: 'platformOrgs.toast.created', values: { name: 'Lakeside' } })
    expect(Number(made.active)).toBe(1)
    expect(await roleOf(made.id, other.id)).toBe('admin')
    expect(await auditOf(made.id)).toEqual([expect.objectContaining({ action: 'platform.organization.create', actor_id: platform.id })])
  })

  it('renames, deactivates after confirming, and activates, each audited', async () => {
    const { platform, org, cookie } = await setup()
    const path = `/platform/organizations/${org.id}`
    const params = { organizationId: org.id }
    expect((await post(detail.action, path, { intent: 'rename', name: 'Riverside School' }, cookie, params)).status).toBe(302)
    const ask = await post(detail.action, path, { intent: 'active', active: 'false' }, cookie, params)
    expect(ask.data).toEqual({ intent: 'active', confirm: { active: false } })
    expect((await db().selectFrom('organizations').select('active').where('id', '=', org.id).executeTakeFirstOrThrow()).active).toBe(1)
    expect((await post(detail.action, path, { intent: 'active', active: 'false', confirmed: '1' }, cookie, params)).status).toBe(302)
    expect(await db().selectFrom('organizations').select(['active', 'name']).where('id', '=', org.id).executeTakeFirstOrThrow()).toEqual({
      active: 0,
      name: 'Riverside School',
    })
    expect((await post(detail.action, path, { intent: 'active', active: 'true' }, cookie, params)).status).toBe(302)
    const audit = await auditOf(org.id)
    expect(audit.map((a) => [a.action, JSON.parse(a.result)])).toEqual([
      ['platform.organization.rename', { name: 'Riverside School' }],
      ['platform.organization.setActive', { active: false }],
      ['platform.organization.setActive', { active: true }],
    ])
    expect(audit.every((a) => a.actor_id === platform.id)).toBe(true)
  })

  it('makes and removes admins by email, and never removes the last one', async () => {
    const { admin, other, org, cookie } = await setup()
    const path = `/platform/organizations/${org.id}`
    const params = { organizationId: org.id }
    const last = await post(detail.action, path, { intent: 'removeAdmin', email: admin.email, confirmed: '1' }, cookie, params)
    expect(last.status).toBe(409)
    expect(last.data).toEqual({ intent: 'removeAdmin', error: 'errors.LAST_ADMIN' })
    expect(await roleOf(org.id, admin.id)).toBe('admin')

    const added = await post(detail.action, path, { intent: 'addAdmin', email: other.email }, cookie, params)
    expect(added.status).toBe(302)
    expect(await roleOf(org.id, other.id)).toBe('admin')
    const again = await post(detail.action, path, { intent: 'addAdmin', email: other.email }, cookie, params)
    expect(again.data.result.error.email).toEqual(['errors.ALREADY_ORGANIZATION_ADMIN'])

    const ask = await post(detail.action, path, { intent: 'removeAdmin', email: admin.email }, cookie, params)
    expect(ask.data).toEqual({ intent: 'removeAdmin', confirm: { email: admin.email } })
    expect(await roleOf(org.id, admin.id)).toBe('admin')
    expect((await post(detail.action, path, { intent: 'removeAdmin', email: admin.email, confirmed: '1' }, cookie, params)).status).toBe(
      302,
    )
    expect(await roleOf(org.id, admin.id)).toBe('member')
    expect((await auditOf(org.id)).map((a) => a.action)).toEqual(['platform.admins.add', 'platform.admins.remove'])
  })
})
