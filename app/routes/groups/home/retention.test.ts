import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { tFor } from '~/i18n/i18n.server'
import { readToast } from '~/http/toast.server'
import { args, cookiesFrom, createUser, makeRequest, run, sessionCookieFor } from '../../../../tests/support/factories'
import { createGroup, createOrganization } from '../../../../tests/support/org-factories'
import { action, loader } from './route'

/** The overview's retention: every member reads it; the owner and an organization admin change it (docs/group-work.md "Retention"). */
async function setup() {
  const [owner, leader, member, admin] = await Promise.all(['Olga', 'Lars', 'Mia', 'Ada'].map((name) => createUser({ name, locale: 'en' })))
  const org = await createOrganization({ adminIds: [admin.id] })
  const group = await createGroup(org.id, { ownerId: owner.id, memberIds: [[leader.id, 'leader'], member.id] })
  return { owner, leader, member, admin, group, path: `/groups/${group.id}/home` }
}

const load = async (user: User, path: string, groupId: string) =>
  run(async () => loader(args(makeRequest(path, { cookie: await sessionCookieFor(user) }), { groupId })))
const post = async (user: User, path: string, groupId: string, form: Record<string, string>) =>
  run(async () => action(args(makeRequest(path, { form, cookie: await sessionCookieFor(user) }), { groupId })))
const toastOf = async (headers: Headers) =>
  (await readToast(new Request('http://localhost/', { headers: { Cookie: cookiesFrom(headers) } }))).toast
const stored = async (groupId: string) =>
  db().selectFrom('groups').select(['retention_months', 'retention_purpose']).where('id', '=', groupId).executeTakeFirstOrThrow()

describe('the overview: retention', () => {
  it('shows every member the period and purpose; the owner also the queue', async () => {
    const s = await setup()
    const member = (await load(s.member, s.path, s.group.id)).data.retention
    expect(member).toMatchObject({ months: 3, canChange: false, queued: null })
    expect((await load(s.owner, s.path, s.group.id)).data.retention).toMatchObject({ canChange: true, queued: { count: 0 } })
  })

  it('the owner picks a suggestion (its text in their language) or writes their own; an admin too', async () => {
    const s = await setup()
    const res = await post(s.owner, s.path, s.group.id, { intent: 'retention', months: '6', suggestion: 'assessment', purpose: 'ignored' })
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe(`${s.path}#retention-title`)
    expect(await toastOf(res.headers)).toMatchObject({ key: 'retention.saved' })
    expect(await stored(s.group.id)).toEqual({ retention_months: 6, retention_purpose: tFor('en')('retention.suggestions.assessment') })
    expect(
      (await post(s.admin, s.path, s.group.id, { intent: 'retention', months: '12', suggestion: 'own', purpose: ' Vår egen text ' }))
        .status,
    ).toBe(302)
    expect(await stored(s.group.id)).toEqual({ retention_months: 12, retention_purpose: 'Vår egen text' })
  })

  it('bad input comes back on the form, nothing changed; a leader and a member are refused', async () => {
    const s = await setup()
    const before = await stored(s.group.id)
    for (const [form, field, key] of [
      [{ months: '6', suggestion: 'own', purpose: '  ' }, 'purpose', 'validation.retentionPurposeRequired'],
      [{ months: '6', suggestion: 'own', purpose: 'x'.repeat(501) }, 'purpose', 'validation.retentionPurposeTooLong'],
      [{ months: '5', suggestion: 'own', purpose: 'Ok' }, 'months', 'validation.retentionMonths'],
    ] as const) {
      const res = await post(s.owner, s.path, s.group.id, { intent: 'retention', ...form })
      expect(res.status).toBe(400)
      expect(res.data).toMatchObject({ intent: 'retention', result: { error: { [field]: [key] } } })
    }
    for (const who of [s.leader, s.member]) {
      const res = await post(who, s.path, s.group.id, { intent: 'retention', months: '1', suggestion: 'own', purpose: 'Nej' })
      expect(await toastOf(res.headers)).toMatchObject({ type: 'error', key: 'errors.FORBIDDEN' })
    }
    expect(await stored(s.group.id)).toEqual(before)
  })
})
