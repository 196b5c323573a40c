import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { tFor } from '~/i18n/i18n.server'
import { readToast } from '~/http/toast.server'
import { args, cookiesFrom, createUser, makeRequest, run, sessionCookieFor } from '../../../../tests/support/factories'
import { createLoop, createTask, follow } from '../../../../tests/support/group-work-factories'
import { createGroup, createOrganization } from '../../../../tests/support/org-factories'
import * as api from '../../api/groups/insight'
import { action, loader } from './route'

async function setup() {
  const names = ['Olga Ägare', 'Lars Ledare', 'Mia Elev', 'Quinn Elev', 'Sam Mentor', 'Ada Admin', 'Sten Främling']
  const [owner, leader, member, quiet, subscriber, admin, stranger] = await Promise.all(names.map((name) => createUser({ name })))
  const org = await createOrganization({ adminIds: [admin.id] })
  const group = await createGroup(org.id, {
    ownerId: owner.id,
    memberIds: [[leader.id, 'leader'], member.id, quiet.id, [subscriber.id, 'subscriber']],
  })
  await follow(group.id, subscriber.id, quiet.id)
  const task = await createTask(group.id, { title: 'Praktikdag' })
  await createLoop(group.id, member.id, { taskId: task.id, emotion: 4 })
  return { owner, leader, member, quiet, subscriber, admin, stranger, group, path: `/groups/${group.id}/insight` }
}

const load = async (user: User, path: string, groupId: string) =>
  run(async () => loader(args(makeRequest(path, { cookie: await sessionCookieFor(user) }), { groupId })))
const post = async (user: User, path: string, groupId: string, form: Record<string, string>) =>
  run(async () => action(args(makeRequest(path, { form, cookie: await sessionCookieFor(user) }), { groupId })))
const apiGet = async (user: User, path: string, groupId: string) =>
  (await api.loader(args(makeRequest(path, { cookie: await sessionCookieFor(user) }), { groupId }))) as Response

describe('the Insight tab', () => {
  it('shows the owner the group with the quiet member first; a subscriber the followed member; an admin outside no names', async () => {
    const s = await setup()
    const owner = await load(s.owner, s.path, s.group.id)
    expect(owner.data.kind).toBe('group')
    expect(owner.data.members!.rows.map((m: { name: string; quiet: boolean }) => [m.name, m.quiet])).toEqual([
      ['Quinn Elev', true],
      ['Lars Ledare', false],
      ['Mia Elev', false],
      ['Olga Ägare', false],
    ])
    const mentor = await load(s.subscriber, `${s.path}?role=member`, s.group.id)
    expect(mentor.data.members!.rows.map((m: { name: string }) => m.name)).toEqual(['Quinn Elev'])
    const admin = await load(s.admin, s.path, s.group.id)
    expect([admin.data.group!.named, admin.data.members!.rows]).toEqual([false, []])
    expect(JSON.stringify(admin.data)).not.toMatch(/Mia|Quinn|Lars/)
    expect((await load(s.stranger, s.path, s.group.id)).status).toBe(404)
  })

  it('shows a plain member their own insight, never the group’s; bad dates fall back to the last 4 weeks with a message', async () => {
    const s = await setup()
    const own = await load(s.member, s.path, s.group.id)
    expect([own.data.kind, own.data.own!.loops, own.data.classView]).toEqual(['own', 1, null])
    expect(JSON.stringify(own.data)).not.toMatch(/Quinn|Lars/)
    const bad = await load(s.owner, `${s.path}?from=2026-05-01&to=2026-04-01`, s.group.id)
    expect(bad.data.errors).toEqual({ from: ['insight.form.fromAfterTo'] })
    expect(bad.data.group!.totals.loops).toBe(1)
  })

  it('lets only the owner switch the class view on, with a toast', async () => {
    const s = await setup()
    const done = await post(s.owner, s.path, s.group.id, { intent: 'class-insight', on: '1' })
    const toast = (await readToast(new Request('http://localhost/', { headers: { Cookie: cookiesFrom(done.headers) } }))).toast
    expect(tFor('sv')(toast!.key, toast!.values)).toBe('Medlemmarna ser nu klassens bild.')
    expect(
      (await db().selectFrom('groups').select('class_insight').where('id', '=', s.group.id).executeTakeFirstOrThrow()).class_insight,
    ).toBe(1)
    const refused = await post(s.leader, s.path, s.group.id, { intent: 'class-insight', on: '0' })
    expect(refused.status).toBe(302)
    expect(
      (await db().selectFrom('groups').select('class_insight').where('id', '=', s.group.id).executeTakeFirstOrThrow()).class_insight,
    ).toBe(1)
    expect((await post(s.stranger, s.path, s.group.id, { intent: 'class-insight', on: '0' })).status).toBe(404)
  })
})

describe('GET /api/v3/groups/{groupId}/insight', () => {
  it('answers the numbers per role: the owner named, a plain member 403, a stranger 404, a bad range 400', async () => {
    const s = await setup()
    const base = `/api/v3/groups/${s.group.id}/insight`
    const owner = await apiGet(s.owner, `${base}?role=member`, s.group.id)
    expect(owner.status).toBe(200)
    const body = (await owner.json()) as { totals: unknown; members: { name: string }[]; tasks: { title: string; writers: number }[] }
    expect(body.totals).toEqual({ loops: 1, members: 2, writers: 1, average: 4 })
    expect(body.members.map((m) => m.name)).toEqual(['Quinn Elev', 'Mia Elev'])
    expect(body.tasks).toMatchObject([{ title: 'Praktikdag', writers: 1, members: 2 }])
    expect((await apiGet(s.member, base, s.group.id)).status).toBe(403)
    expect((await apiGet(s.stranger, base, s.group.id)).status).toBe(404)
    const bad = await apiGet(s.owner, `${base}?from=not-a-day`, s.group.id)
    expect([bad.status, ((await bad.json()) as { message: string }).message]).toEqual([400, 'BAD_REQUEST'])
  })
})
