import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { tFor } from '~/i18n/i18n.server'
import { readToast } from '~/http/toast.server'
import { args, cookiesFrom, createUser, makeRequest, run, sessionCookieFor } from '../../../../tests/support/factories'
import { createLoop, createTag } from '../../../../tests/support/group-work-factories'
import { createGroup, createOrganization } from '../../../../tests/support/org-factories'
import { action, loader } from './route'

async function setup() {
  const [owner, member, admin, stranger] = await Promise.all(['Olga', 'Mia', 'Ada', 'Sten'].map((name) => createUser({ name })))
  const org = await createOrganization({ adminIds: [admin.id] })
  const group = await createGroup(org.id, { ownerId: owner.id, memberIds: [member.id] })
  const calm = await createTag(group.id, 'Lugn')
  await createLoop(group.id, member.id, { tagIds: [calm.id] })
  return { owner, member, admin, stranger, org, group, calm, path: `/groups/${group.id}/tags` }
}

const load = async (user: User, path: string, groupId: string) =>
  run(async () => loader(args(makeRequest(path, { cookie: await sessionCookieFor(user) }), { groupId })))
const post = async (user: User, path: string, groupId: string, form: Record<string, string>) =>
  run(async () => action(args(makeRequest(path, { form, cookie: await sessionCookieFor(user) }), { groupId })))
const toastOf = async (headers: Headers) => {
  const toast = (await readToast(new Request('http://localhost/', { headers: { Cookie: cookiesFrom(headers) } }))).toast
  return toast && (tFor('sv')(toast.key, toast.values) as string)
}
const names = async (groupId: string) =>
  (await db().selectFrom('group_tags').select('name').where('group_id', '=', groupId).orderBy('name').execute()).map((r) => r.name)

describe('Tags screen', () => {
  it('shows the owner the tags with loop counts, an admin outside read-only; a plain member 403, a stranger 404', async () => {
    const s = await setup()
    const owner = await load(s.owner, s.path, s.group.id)
    expect(owner.data.tags).toEqual([{ id: s.calm.id, name: 'Lugn', description: '', loopCount: 1 }])
    expect(owner.data.editable).toBe(true)
    const admin = await load(s.admin, s.path, s.group.id)
    expect([admin.data.tags.length, admin.data.editable]).toEqual([1, false])
    // A plain member: the list failure with FORBIDDEN's status (the tab is not shown to them).
    const refused = (await load(s.member, s.path, s.group.id).catch((e: unknown) => e)) as { init?: { status: number } }
    expect(refused.init?.status).toBe(403)
    expect((await load(s.stranger, s.path, s.group.id)).status).toBe(404)
  })

  it('adds, renames and deletes after asking with the loop count; a taken name is shown under the field', async () => {
    const s = await setup()
    expect(await toastOf((await post(s.owner, s.path, s.group.id, { intent: 'create', name: 'Modig' })).headers)).toBe(
      'Taggen ”Modig” lades till.',
    )
    const taken = await post(s.owner, s.path, s.group.id, { intent: 'create', name: 'modig' })
    expect([taken.status, taken.data.result.error]).toEqual([409, { name: ['errors.TAG_NAME_TAKEN'] }])
    await post(s.owner, s.path, s.group.id, { intent: 'update', tagId: s.calm.id, name: 'Trygg', description: '' })
    expect(await names(s.group.id)).toEqual(['Modig', 'Trygg'])
    const asked = await post(s.owner, s.path, s.group.id, { intent: 'delete', tagId: s.calm.id })
    expect(asked.data).toEqual({ intent: 'confirm-delete', tagId: s.calm.id, name: 'Trygg', loopCount: 1 })
    const deleted = await post(s.owner, s.path, s.group.id, { intent: 'delete', tagId: s.calm.id, confirmed: '1' })
    expect(await toastOf(deleted.headers)).toBe('Taggen ”Trygg” togs bort.')
    expect(await names(s.group.id)).toEqual(['Modig'])
  })

  it('refuses a member and an admin outside with a toast, a stranger 404, changing nothing', async () => {
    const s = await setup()
    for (const user of [s.member, s.admin]) {
      const res = await post(user, s.path, s.group.id, { intent: 'delete', tagId: s.calm.id, confirmed: '1' })
      expect(await toastOf(res.headers)).toBe(tFor('sv')('errors.FORBIDDEN'))
    }
    expect((await post(s.stranger, s.path, s.group.id, { intent: 'create', name: 'X' })).status).toBe(404)
    expect(await names(s.group.id)).toEqual(['Lugn'])
  })
})
