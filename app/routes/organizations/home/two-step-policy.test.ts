import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { readToast } from '~/http/toast.server'
import { POLICY_CHANGED } from '~/services/audit-actions'
import { args, cookiesFrom, createUser, makeRequest, run, sessionCookieFor } from '../../../../tests/support/factories'
import { addMember, createOrganization } from '../../../../tests/support/org-factories'
import { enableTotpFor } from '../../../../tests/support/two-step'
import * as securityPage from '../../users/preferences/security/route'
import * as membersPage from '../members'
import { action, loader } from './route'

/**
 * The organization's two-step policy on its home (docs/auth.md "Organization policy"): the form
 * (the same with and without JavaScript: radio buttons and a submit), its audit, the refusal to
 * lock oneself out, the two-step column of the member list and the notice on the security screen.
 */

const policyOf = async (id: string) =>
  (await db().selectFrom('organizations').select('two_step_policy').where('id', '=', id).executeTakeFirstOrThrow()).two_step_policy
const auditOf = (id: string) =>
  db()
    .selectFrom('audit_log')
    .select(['action', 'result', 'actor_id'])
    .where('organization_id', '=', id)
    .where('action', '=', POLICY_CHANGED)
    .execute()

async function setup() {
  const admin = await createUser({ name: 'Agnes Admin' })
  const other = await createUser({ name: 'Olof Otherwise' })
  const creator = await createUser({ name: 'Cecilia Creator' })
  const member = await createUser({ name: 'Melker Member' })
  const org = await createOrganization({
    name: 'Tvåstegsskolan',
    adminIds: [admin.id, other.id],
    memberIds: [member.id],
    groupCreatorIds: [creator.id],
  })
  return { admin, other, creator, member, org, path: `/organizations/${org.id}` }
}

const post = (path: string, organizationId: string, cookie: string, form: Record<string, string>) =>
  run(() => action(args(makeRequest(path, { cookie, form }), { organizationId })))

describe('the two-step policy on the organization home', () => {
  it('an admin with two-step sets it; it is audited with from and to; the home shows it and who has two-step', async () => {
    const { admin, org, path } = await setup()
    await enableTotpFor(admin.id)
    const cookie = await sessionCookieFor(admin)
    const before = await run(() => loader(args(makeRequest(path, { cookie }), { organizationId: org.id })))
    expect(before.data.twoStep).toEqual({ policy: 'off', admins: 2, adminsWithTwoStep: 1 })

    const saved = await post(path, org.id, cookie, { intent: 'twoStepPolicy', policy: 'admins' })
    expect([saved.status, saved.headers.get('Location')]).toEqual([302, path])
    expect((await readToast(makeRequest('/', { cookie: cookiesFrom(saved.headers) }))).toast).toMatchObject({
      key: 'orgHome.twoStepPolicy.saved',
    })
    expect(await policyOf(org.id)).toBe('admins')
    const [entry] = await auditOf(org.id)
    expect(entry.actor_id).toBe(admin.id)
    expect(JSON.parse(String(entry.result))).toMatchObject({ from: 'off', to: 'admins' })

    // The same value again changes and audits nothing.
    await post(path, org.id, cookie, { intent: 'twoStepPolicy', policy: 'admins' })
    expect(await auditOf(org.id)).toHaveLength(1)
    await post(path, org.id, cookie, { intent: 'twoStepPolicy', policy: 'admins-and-group-creators' })
    await post(path, org.id, cookie, { intent: 'twoStepPolicy', policy: 'off' })
    expect(await policyOf(org.id)).toBe('off')
    expect((await auditOf(org.id)).map((e) => JSON.parse(String(e.result)).to).sort()).toEqual([
      'admins',
      'admins-and-group-creators',
      'off',
    ])
  })

  it('an admin without two-step, signed in with a password, cannot turn it on (they would lock themselves out); through single sign-on they can', async () => {
    const { admin, org, path } = await setup()
    const refused = await post(path, org.id, await sessionCookieFor(admin), { intent: 'twoStepPolicy', policy: 'admins' })
    expect(refused.status).toBe(409)
    expect(refused.data.result.error['']).toEqual(['orgHome.twoStepPolicy.selfFirst'])
    expect(await policyOf(org.id)).toBe('off')
    expect(await auditOf(org.id)).toHaveLength(0)

    const sso = await post(path, org.id, await sessionCookieFor(admin, 'sso:microsoft'), { intent: 'twoStepPolicy', policy: 'admins' })
    expect(sso.status).toBe(302)
    expect(await policyOf(org.id)).toBe('admins')
  })

  it('a value it does not know is refused; a plain member and an admin of another organization get 404; nothing changes', async () => {
    const { admin, member, org, path } = await setup()
    await enableTotpFor(admin.id)
    const bad = await post(path, org.id, await sessionCookieFor(admin), { intent: 'twoStepPolicy', policy: 'everyone' })
    expect(bad.status).toBe(400)
    const stranger = await createUser()
    await createOrganization({ adminIds: [stranger.id] })
    for (const user of [member, stranger]) {
      const res = await post(path, org.id, await sessionCookieFor(user), { intent: 'twoStepPolicy', policy: 'off' })
      expect(res.status).toBe(404)
    }
    expect(await policyOf(org.id)).toBe('off')
    expect(await auditOf(org.id)).toHaveLength(0)
  })

  it('the member list says who of the admins and group creators has two-step; nothing of plain members', async () => {
    const { admin, other, creator, member, org } = await setup()
    await enableTotpFor(admin.id)
    await enableTotpFor(creator.id)
    // Of a plain member it would be data nobody needs: even one who has it is not said.
    await enableTotpFor(member.id)
    const cookie = await sessionCookieFor(admin)
    const page = await run(() =>
      membersPage.loader(args(makeRequest(`/organizations/${org.id}/members`, { cookie }), { organizationId: org.id })),
    )
    expect([...page.data.twoStep].sort()).toEqual([admin.id, creator.id].sort())
    expect(page.data.twoStep).not.toContain(other.id)
  })
})

describe('the security screen a policy sends someone to', () => {
  const load = async (userId: string, cookie: string, query: string) =>
    run(() => securityPage.loader(args(makeRequest(`/users/${userId}/preferences/security${query}`, { cookie }), { id: userId })))

  it('names the organization and where to go back, for someone its policy covers', async () => {
    const { admin, org } = await setup()
    await db().updateTable('organizations').set({ two_step_policy: 'admins' }).where('id', '=', org.id).execute()
    const cookie = await sessionCookieFor(admin)
    const page = await load(admin.id, cookie, `?requiredBy=${org.id}&redirectTo=${encodeURIComponent(`/organizations/${org.id}/members`)}`)
    expect(page.data.policy).toEqual({
      organizationId: org.id,
      name: 'Tvåstegsskolan',
      met: false,
      continueTo: `/organizations/${org.id}/members`,
    })
    // Another site is never where "continue" goes.
    const foreign = await load(admin.id, cookie, `?requiredBy=${org.id}&redirectTo=${encodeURIComponent('https://evil.example/')}`)
    expect(foreign.data.policy.continueTo).toBe('/')
  })

  it('says nothing to someone the policy does not cover, or of an organization they are not in', async () => {
    const { member, creator, org } = await setup()
    await db().updateTable('organizations').set({ two_step_policy: 'admins' }).where('id', '=', org.id).execute()
    for (const user of [member, creator]) {
      const page = await load(user.id, await sessionCookieFor(user), `?requiredBy=${org.id}`)
      expect(page.data.policy).toBeNull()
    }
    const outsider = await createUser()
    expect((await load(outsider.id, await sessionCookieFor(outsider), `?requiredBy=${org.id}`)).data.policy).toBeNull()
  })

  it('a group creator is covered when the policy includes group creators', async () => {
    const { creator, org } = await setup()
    await db().updateTable('organizations').set({ two_step_policy: 'admins-and-group-creators' }).where('id', '=', org.id).execute()
    const page = await load(creator.id, await sessionCookieFor(creator), `?requiredBy=${org.id}`)
    expect(page.data.policy).toMatchObject({ organizationId: org.id })
    await addMember(org.id, creator.id, { groupCreator: false })
    expect((await load(creator.id, await sessionCookieFor(creator), `?requiredBy=${org.id}`)).data.policy).toBeNull()
  })
})
