import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { expectCode } from '../../../tests/support/expect-code'
import { createUser } from '../../../tests/support/factories'
import { createLoop, createTask } from '../../../tests/support/group-work-factories'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import {
  createTask as addTask,
  deleteTask,
  moveTask,
  publishAllDrafts,
  setTaskPublication,
  taskLoopCount,
  updateTask,
} from './task-editing.server'
import { getTask, listTasks, nextTasks } from './tasks.server'

/** One group with every kind of person (docs/group-roles.md), a draft, a published and a scheduled task. */
async function setup() {
  const [owner, leader, member, other, subscriber, admin, stranger] = await Promise.all(
    ['Owner', 'Leader', 'Member', 'Other', 'Subscriber', 'Admin', 'Stranger'].map((name) => createUser({ name })),
  )
  const org = await createOrganization({ adminIds: [admin.id] })
  const group = await createGroup(org.id, {
    ownerId: owner.id,
    memberIds: [[leader.id, 'leader'], member.id, other.id, [subscriber.id, 'subscriber']],
  })
  const first = await createTask(group.id, { title: 'First', roles: ['member'] })
  const draft = await createTask(group.id, { title: 'Draft', published: false })
  const later = await createTask(group.id, { title: 'Later', published: new Date(Date.now() + 86_400_000) })
  const forLeaders = await createTask(group.id, { title: 'For leaders', roles: ['leader'] })
  const both = await createTask(group.id, { title: 'Both', roles: ['member', 'subscriber'] })
  return {
    people: { owner, leader, member, other, subscriber, admin, stranger },
    org,
    group,
    tasks: { first, draft, later, forLeaders, both },
  }
}

const titles = async (user: User, groupId: string) => (await listTasks(ctxFor(user), groupId)).tasks.map((t) => t.title)

describe('listTasks', () => {
  it('shows each role its tasks: editors and an admin outside every task, a member and a subscriber the published ones of their role; a stranger nothing', async () => {
    const { people, group } = await setup()
    const all = ['First', 'Draft', 'Later', 'For leaders', 'Both']
    expect(await titles(people.owner, group.id)).toEqual(all)
    expect(await titles(people.leader, group.id)).toEqual(all)
    expect(await titles(people.admin, group.id)).toEqual(all)
    expect(await titles(people.member, group.id)).toEqual(['First', 'Both'])
    expect(await titles(people.subscriber, group.id)).toEqual(['Both'])
    await expectCode(listTasks(ctxFor(people.stranger), group.id), 'GROUP_NOT_FOUND')
  })

  it('marks status and counts loops as each may see them: a member their own, a leader all, an admin outside all (counted, never shown)', async () => {
    const { people, group, tasks } = await setup()
    await createLoop(group.id, people.member.id, { taskId: tasks.first.id })
    await createLoop(group.id, people.other.id, { taskId: tasks.first.id })
    await createLoop(group.id, people.other.id, { taskId: tasks.first.id })
    const mine = (await listTasks(ctxFor(people.member), group.id)).tasks.find((t) => t.id === tasks.first.id)!
    expect([mine.myLoopCount, mine.loopCount, mine.status, mine.published]).toEqual([1, 1, 'published', true])
    const leaders = await listTasks(ctxFor(people.leader), group.id)
    expect(leaders.tasks.find((t) => t.id === tasks.first.id)!.loopCount).toBe(3)
    expect(leaders.tasks.map((t) => t.status)).toEqual(['published', 'draft', 'scheduled', 'published', 'published'])
    expect(leaders.draftCount).toBe(1)
    const admins = await listTasks(ctxFor(people.admin), group.id)
    expect(admins.tasks.find((t) => t.id === tasks.first.id)!.loopCount).toBe(3)
  })

  it('nextTasks: the published tasks of my role I have not written on, in order', async () => {
    const { people, group, tasks } = await setup()
    await createLoop(group.id, people.member.id, { taskId: tasks.first.id })
    const next = nextTasks(await listTasks(ctxFor(people.member), group.id))
    expect(next.tasks.map((t) => t.title)).toEqual(['Both'])
    expect(nextTasks(await listTasks(ctxFor(people.admin), group.id)).tasks).toEqual([])
  })
})

describe('getTask', () => {
  it('gives a member their own loops on a visible task, and GROUP_NOT_FOUND for a draft, another role’s task or another group’s', async () => {
    const { people, group, tasks, org } = await setup()
    const loop = await createLoop(group.id, people.member.id, { taskId: tasks.first.id })
    await createLoop(group.id, people.other.id, { taskId: tasks.first.id })
    const detail = await getTask(ctxFor(people.member), group.id, tasks.first.id)
    expect(detail.myLoops.map((l) => l.id)).toEqual([loop.id])
    expect(detail.task.title).toBe('First')
    for (const id of [tasks.draft.id, tasks.later.id, tasks.forLeaders.id])
      await expectCode(getTask(ctxFor(people.member), group.id, id), 'GROUP_NOT_FOUND')
    const elsewhere = await createGroup(org.id, { ownerId: people.owner.id })
    const foreign = await createTask(elsewhere.id)
    await expectCode(getTask(ctxFor(people.owner), group.id, foreign.id), 'GROUP_NOT_FOUND')
    expect((await getTask(ctxFor(people.leader), group.id, tasks.draft.id)).task.status).toBe('draft')
    await expectCode(getTask(ctxFor(people.stranger), group.id, tasks.first.id), 'GROUP_NOT_FOUND')
  })
})

describe('changing tasks', () => {
  it('a leader adds a task at the end, for several roles, as a draft; a member sees it once it is published', async () => {
    const { people, group } = await setup()
    const added = await addTask(ctxFor(people.leader), group.id, {
      title: '  Reflect ',
      description: 'Write',
      roles: ['member', 'subscriber'],
    })
    expect(added.title).toBe('Reflect')
    expect((await titles(people.owner, group.id)).at(-1)).toBe('Reflect')
    expect(await titles(people.member, group.id)).not.toContain('Reflect')
    await setTaskPublication(ctxFor(people.leader), group.id, added.id, new Date())
    expect(await titles(people.member, group.id)).toContain('Reflect')
    expect(await titles(people.subscriber, group.id)).toContain('Reflect')
    await setTaskPublication(ctxFor(people.owner), group.id, added.id, null)
    expect(await titles(people.member, group.id)).not.toContain('Reflect')
  })

  it('refuses bad input with the fields in error and changes nothing', async () => {
    const { people, group, tasks } = await setup()
    const before = await titles(people.owner, group.id)
    await expectCode(addTask(ctxFor(people.owner), group.id, { title: ' ', roles: ['member'] }), 'BAD_REQUEST')
    await expectCode(addTask(ctxFor(people.owner), group.id, { title: 'x'.repeat(201), roles: ['member'] }), 'BAD_REQUEST')
    await expectCode(
      addTask(ctxFor(people.owner), group.id, { title: 'x', description: 'x'.repeat(5001), roles: ['member'] }),
      'BAD_REQUEST',
    )
    await expectCode(addTask(ctxFor(people.owner), group.id, { title: 'x', roles: [] }), 'BAD_REQUEST')
    await expectCode(addTask(ctxFor(people.owner), group.id, { title: 'x', roles: ['owner' as 'member'] }), 'BAD_REQUEST')
    await expectCode(updateTask(ctxFor(people.owner), group.id, tasks.first.id, { dueAt: 'tomorrow' }), 'BAD_REQUEST')
    expect(await titles(people.owner, group.id)).toEqual(before)
  })

  it('refuses everyone but editors: FORBIDDEN for a member, a subscriber and an admin outside, GROUP_NOT_FOUND for a stranger', async () => {
    const { people, group, tasks } = await setup()
    const input = { title: 'Nope', roles: ['member' as const] }
    for (const user of [people.member, people.subscriber, people.admin]) {
      await expectCode(addTask(ctxFor(user), group.id, input), 'FORBIDDEN')
      await expectCode(updateTask(ctxFor(user), group.id, tasks.first.id, { title: 'Nope' }), 'FORBIDDEN')
      await expectCode(deleteTask(ctxFor(user), group.id, tasks.first.id), 'FORBIDDEN')
      await expectCode(publishAllDrafts(ctxFor(user), group.id), 'FORBIDDEN')
      await expectCode(moveTask(ctxFor(user), group.id, tasks.first.id, 'down'), 'FORBIDDEN')
    }
    await expectCode(addTask(ctxFor(people.stranger), group.id, input), 'GROUP_NOT_FOUND')
    await expectCode(deleteTask(ctxFor(people.stranger), group.id, tasks.first.id), 'GROUP_NOT_FOUND')
    expect(await titles(people.owner, group.id)).not.toContain('Nope')
    expect((await titles(people.owner, group.id))[0]).toBe('First')
  })

  it('an inactive group is read-only', async () => {
    const { people, group, tasks } = await setup()
    await db().updateTable('groups').set({ active: 0 }).where('id', '=', group.id).execute()
    await expectCode(addTask(ctxFor(people.owner), group.id, { title: 'x', roles: ['member'] }), 'FORBIDDEN')
    await expectCode(publishAllDrafts(ctxFor(people.owner), group.id), 'FORBIDDEN')
    expect((await listTasks(ctxFor(people.owner), group.id)).tasks.find((t) => t.id === tasks.draft.id)?.status).toBe('draft')
  })

  it('a task of another group is GROUP_NOT_FOUND, even for the owner of both', async () => {
    const { people, group, org } = await setup()
    const elsewhere = await createGroup(org.id, { ownerId: people.owner.id })
    const foreign = await createTask(elsewhere.id, { title: 'Foreign' })
    await expectCode(updateTask(ctxFor(people.owner), group.id, foreign.id, { title: 'Taken' }), 'GROUP_NOT_FOUND')
    await expectCode(deleteTask(ctxFor(people.owner), group.id, foreign.id), 'GROUP_NOT_FOUND')
    expect(await titles(people.owner, elsewhere.id)).toEqual(['Foreign'])
  })

  it('moves tasks up and down and to a place; the ends stay put', async () => {
    const { people, group, tasks } = await setup()
    const ctx = ctxFor(people.owner)
    await moveTask(ctx, group.id, tasks.first.id, 'up')
    expect((await titles(people.owner, group.id))[0]).toBe('First')
    await moveTask(ctx, group.id, tasks.first.id, 'down')
    expect(await titles(people.owner, group.id)).toEqual(['Draft', 'First', 'Later', 'For leaders', 'Both'])
    await moveTask(ctx, group.id, tasks.both.id, 'down')
    await updateTask(ctx, group.id, tasks.both.id, { order: 0 })
    expect(await titles(people.owner, group.id)).toEqual(['Both', 'Draft', 'First', 'Later', 'For leaders'])
    expect(await titles(people.member, group.id)).toEqual(['Both', 'First'])
  })

  it('deletes a task, saying how many loops were on it; the loops stay as free loops', async () => {
    const { people, group, tasks } = await setup()
    const loop = await createLoop(group.id, people.member.id, { taskId: tasks.first.id })
    expect((await taskLoopCount(ctxFor(people.leader), group.id, tasks.first.id)).loopCount).toBe(1)
    expect(await deleteTask(ctxFor(people.leader), group.id, tasks.first.id)).toEqual({ id: tasks.first.id, title: 'First', loopCount: 1 })
    const row = await db().selectFrom('loops').select('task_id').where('id', '=', loop.id).executeTakeFirst()
    expect(row).toEqual({ task_id: null })
    await expectCode(getTask(ctxFor(people.owner), group.id, tasks.first.id), 'GROUP_NOT_FOUND')
  })

  it('publishes every draft at once', async () => {
    const { people, group } = await setup()
    await createTask(group.id, { title: 'Draft 2', published: false })
    expect(await publishAllDrafts(ctxFor(people.owner), group.id)).toEqual({ count: 2 })
    const list = await listTasks(ctxFor(people.owner), group.id)
    expect(list.draftCount).toBe(0)
    expect(await titles(people.member, group.id)).toEqual(['First', 'Draft', 'Both', 'Draft 2'])
    expect(await publishAllDrafts(ctxFor(people.owner), group.id)).toEqual({ count: 0 })
  })
})
