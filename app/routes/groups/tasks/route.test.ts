import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { tFor } from '~/i18n/i18n.server'
import { readToast } from '~/http/toast.server'
import { args, cookiesFrom, createUser, makeRequest, run, sessionCookieFor } from '../../../../tests/support/factories'
import { createLoop, createTask } from '../../../../tests/support/group-work-factories'
import { createGroup, createOrganization } from '../../../../tests/support/org-factories'
import { action, loader } from './route'
import { loader as newLoader } from './new'
import { action as taskAction, loader as taskLoader } from './task/route'

async function setup() {
  const [owner, leader, member, admin, stranger] = await Promise.all(
    ['Olga Owner', 'Lars Leader', 'Mia Member', 'Ada Admin', 'Sten Stranger'].map((name) => createUser({ name })),
  )
  const org = await createOrganization({ adminIds: [admin.id] })
  const group = await createGroup(org.id, { ownerId: owner.id, name: 'Schack', memberIds: [[leader.id, 'leader'], member.id] })
  const published = await createTask(group.id, { title: 'Öppning' })
  const draft = await createTask(group.id, { title: 'Slutspel', published: false })
  return { owner, leader, member, admin, stranger, org, group, published, draft, path: `/groups/${group.id}/tasks` }
}

const load = async (user: User, path: string, groupId: string) =>
  run(async () => loader(args(makeRequest(path, { cookie: await sessionCookieFor(user) }), { groupId })))
const post = async (user: User, path: string, groupId: string, form: Record<string, string | string[]>) => {
  const body = new URLSearchParams()
  for (const [k, v] of Object.entries(form)) for (const value of ([] as string[]).concat(v)) body.append(k, value)
  const request = new Request(`http://localhost${path}`, {
    method: 'POST',
    body,
    headers: { Cookie: await sessionCookieFor(user), 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost' },
  })
  return run(async () => action(args(request, { groupId })))
}
const toastOf = async (headers: Headers) => {
  const toast = (await readToast(new Request('http://localhost/', { headers: { Cookie: cookiesFrom(headers) } }))).toast
  return (
    toast && (tFor('sv')(toast.key, toast.values?.count ? { ...toast.values, count: Number(toast.values.count) } : toast.values) as string)
  )
}
const titles = async (groupId: string) =>
  (
    await db().selectFrom('group_tasks').select(['title', 'published_at']).where('group_id', '=', groupId).orderBy('position').execute()
  ).map((r) => `${r.title}${r.published_at ? '' : ' (draft)'}`)

describe('Tasks screen loader', () => {
  it('shows a member the published tasks of their role, an editor every task, an admin outside every task read-only; a stranger 404', async () => {
    const s = await setup()
    const member = await load(s.member, s.path, s.group.id)
    expect(member.data.tasks.map((t: { title: string }) => t.title)).toEqual(['Öppning'])
    expect([member.data.seesAll, member.data.editable, member.data.canWrite]).toEqual([false, false, true])
    const leader = await load(s.leader, s.path, s.group.id)
    expect([leader.data.tasks.length, leader.data.draftCount, leader.data.editable]).toEqual([2, 1, true])
    const admin = await load(s.admin, s.path, s.group.id)
    expect([admin.data.tasks.length, admin.data.seesAll, admin.data.editable]).toEqual([2, true, false])
    expect((await load(s.stranger, s.path, s.group.id)).status).toBe(404)
  })

  it('the task page: a member sees their own loops on a published task, 404 for a draft; a stranger 404', async () => {
    const s = await setup()
    const loop = await createLoop(s.group.id, s.member.id, { taskId: s.published.id })
    const open = async (user: User, taskId: string) =>
      run(async () =>
        taskLoader(args(makeRequest(`${s.path}/${taskId}`, { cookie: await sessionCookieFor(user) }), { groupId: s.group.id, taskId })),
      )
    const page = await open(s.member, s.published.id)
    expect(page.data.myLoops.map((l: { id: string }) => l.id)).toEqual([loop.id])
    expect([page.data.canWrite, page.data.seesOthers]).toEqual([true, false])
    expect((await open(s.member, s.draft.id)).status).toBe(404)
    expect((await open(s.stranger, s.published.id)).status).toBe(404)
    expect((await open(s.leader, s.draft.id)).data.seesOthers).toBe(true)
  })
})

describe('Tasks screen action', () => {
  it('a leader adds a task for members, published now; the toast names it', async () => {
    const s = await setup()
    const res = await post(s.leader, s.path, s.group.id, {
      intent: 'create',
      title: 'Mittspel',
      description: 'Tänk',
      roles: ['member', 'subscriber'],
      due: '2030-05-01',
      publish: 'now',
    })
    expect(res.status).toBe(302)
    expect(await toastOf(res.headers)).toBe('”Mittspel” lades till.')
    expect(await titles(s.group.id)).toEqual(['Öppning', 'Slutspel (draft)', 'Mittspel'])
    const member = await load(s.member, s.path, s.group.id)
    const added = member.data.tasks.find((t: { title: string }) => t.title === 'Mittspel')
    expect(added.roles).toEqual(['member', 'subscriber'])
    // The end of 1 May in Stockholm (summer time).
    expect(added.dueAt).toBe('2030-05-01T21:59:59.999Z')
  })

  it('shows the form again with its errors and values, and changes nothing', async () => {
    const s = await setup()
    const res = await post(s.owner, s.path, s.group.id, { intent: 'create', title: '', description: 'Kvar', publish: 'at' })
    expect(res.status).toBe(400)
    expect(res.data.result.error).toMatchObject({
      title: ['validation.required'],
      roles: ['groupTasks.form.rolesRequired'],
    })
    expect(res.data.result.initialValue.description).toBe('Kvar')
    const noTime = await post(s.owner, s.path, s.group.id, { intent: 'create', title: 'Sen', roles: 'member', publish: 'at' })
    expect(noTime.data.result.error).toEqual({ publishAt: ['groupTasks.form.publishAtRequired'] })
    expect(await titles(s.group.id)).toEqual(['Öppning', 'Slutspel (draft)'])
  })

  it('publishes all drafts, moves, schedules, takes back and deletes after asking (naming the loops)', async () => {
    const s = await setup()
    expect(await toastOf((await post(s.owner, s.path, s.group.id, { intent: 'publish-all' })).headers)).toBe('1 uppgift publicerades.')
    expect(await titles(s.group.id)).toEqual(['Öppning', 'Slutspel'])
    await post(s.owner, s.path, s.group.id, { intent: 'move', taskId: s.draft.id, direction: 'up' })
    expect(await titles(s.group.id)).toEqual(['Slutspel', 'Öppning'])
    await post(s.owner, s.path, s.group.id, { intent: 'publish', taskId: s.draft.id, publish: 'draft' })
    expect(await titles(s.group.id)).toEqual(['Slutspel (draft)', 'Öppning'])
    const scheduled = await post(s.owner, s.path, s.group.id, {
      intent: 'publish',
      taskId: s.draft.id,
      publish: 'at',
      publishAt: '2031-01-10T08:30',
    })
    expect(await toastOf(scheduled.headers)).toBe('”Slutspel” publiceras vid den valda tiden.')
    const row = await db().selectFrom('group_tasks').select('published_at').where('id', '=', s.draft.id).executeTakeFirstOrThrow()
    expect(row.published_at).toBe('2031-01-10T07:30:00.000Z')

    await createLoop(s.group.id, s.member.id, { taskId: s.published.id })
    const asked = await post(s.owner, s.path, s.group.id, { intent: 'delete', taskId: s.published.id })
    expect(asked.data).toEqual({ intent: 'confirm-delete', taskId: s.published.id, title: 'Öppning', loopCount: 1 })
    expect(await titles(s.group.id)).toHaveLength(2)
    const deleted = await post(s.owner, s.path, s.group.id, { intent: 'delete', taskId: s.published.id, confirmed: '1' })
    expect(await toastOf(deleted.headers)).toBe('”Öppning” togs bort.')
    expect(await titles(s.group.id)).toEqual(['Slutspel'])
  })

  it('refuses a member and an admin outside with a toast, a stranger with 404, and changes nothing', async () => {
    const s = await setup()
    for (const user of [s.member, s.admin]) {
      const res = await post(user, s.path, s.group.id, { intent: 'publish-all' })
      expect(res.status).toBe(302)
      expect(await toastOf(res.headers)).toBe(tFor('sv')('errors.FORBIDDEN'))
    }
    expect((await post(s.stranger, s.path, s.group.id, { intent: 'publish-all' })).status).toBe(404)
    const other = await createGroup(s.org.id, { ownerId: s.owner.id })
    const foreign = await createTask(other.id, { title: 'Annan' })
    expect((await post(s.owner, s.path, s.group.id, { intent: 'delete', taskId: foreign.id, confirmed: '1' })).status).toBe(404)
    expect((await post(s.owner, s.path, s.group.id, { intent: 'nope' })).status).toBe(400)
    expect(await titles(s.group.id)).toEqual(['Öppning', 'Slutspel (draft)'])
    expect(await titles(other.id)).toEqual(['Annan'])
  })
})

describe('the list row and the task page', () => {
  it('the row’s buttons move a task and publish a draft; the task page deletes after asking and lands on the list', async () => {
    const s = await setup()
    await post(s.owner, s.path, s.group.id, { intent: 'move-up', taskId: s.draft.id })
    expect(await titles(s.group.id)).toEqual(['Slutspel (draft)', 'Öppning'])
    await post(s.owner, s.path, s.group.id, { intent: 'move-down', taskId: s.draft.id })
    expect(await titles(s.group.id)).toEqual(['Öppning', 'Slutspel (draft)'])
    const published = await post(s.owner, s.path, s.group.id, { intent: 'publish-now', taskId: s.draft.id })
    expect(await toastOf(published.headers)).toBe('”Slutspel” publicerades.')
    expect(await titles(s.group.id)).toEqual(['Öppning', 'Slutspel'])

    const taskPath = `${s.path}/${s.draft.id}`
    const onPage = async (user: User, form: Record<string, string>) =>
      run(async () =>
        taskAction(
          args(
            new Request(`http://localhost${taskPath}`, {
              method: 'POST',
              body: new URLSearchParams(form),
              headers: {
                Cookie: await sessionCookieFor(user),
                'Content-Type': 'application/x-www-form-urlencoded',
                Origin: 'http://localhost',
              },
            }),
            { groupId: s.group.id, taskId: s.draft.id },
          ),
        ),
      )
    const editor = await run(async () =>
      taskLoader(args(makeRequest(taskPath, { cookie: await sessionCookieFor(s.leader) }), { groupId: s.group.id, taskId: s.draft.id })),
    )
    expect(editor.data.canEdit).toBe(true)
    const refused = await onPage(s.member, { intent: 'delete', taskId: s.draft.id, confirmed: '1' })
    expect(await toastOf(refused.headers)).toBe(tFor('sv')('errors.FORBIDDEN'))
    expect((await onPage(s.owner, { intent: 'delete', taskId: s.draft.id })).data).toMatchObject({
      intent: 'confirm-delete',
      title: 'Slutspel',
    })
    const deleted = await onPage(s.owner, { intent: 'delete', taskId: s.draft.id, confirmed: '1' })
    expect(deleted.headers.get('Location')).toBe(s.path)
    expect(await titles(s.group.id)).toEqual(['Öppning'])
  })

  it('the new-task page is for editors only: a member is refused, a stranger gets 404', async () => {
    const s = await setup()
    const open = async (user: User) =>
      run(async () => newLoader(args(makeRequest(`${s.path}/new`, { cookie: await sessionCookieFor(user) }), { groupId: s.group.id })))
    expect((await open(s.leader)).data.groupId).toBe(s.group.id)
    const member = await open(s.member)
    expect([member.status, member.headers.get('Location')]).toEqual([302, s.path])
    expect(await toastOf(member.headers)).toBe(tFor('sv')('errors.FORBIDDEN'))
    expect((await open(s.stranger)).status).toBe(404)
  })
})
