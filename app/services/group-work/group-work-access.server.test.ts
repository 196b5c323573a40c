import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { createUser } from '../../../tests/support/factories'
import { createLoop, createTask, follow } from '../../../tests/support/group-work-factories'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import { loopCountScope, loopVisibility, requireGroupWork, taskVisibility } from './group-work-access.server'

/**
 * The visibility table of docs/group-roles.md: who sees whose loops, and which tasks, per role.
 * Each row asks the one rule (loopVisibility) with a real query.
 */
async function setup() {
  const [owner, leader, author, other, subscriber, lonelySubscriber, admin, stranger] = await Promise.all(
    ['Owner', 'Leader', 'Author', 'Other', 'Subscriber', 'Lonely', 'Admin', 'Stranger'].map((name) => createUser({ name })),
  )
  const org = await createOrganization({ adminIds: [admin.id] })
  const group = await createGroup(org.id, {
    ownerId: owner.id,
    memberIds: [[leader.id, 'leader'], author.id, other.id, [subscriber.id, 'subscriber'], [lonelySubscriber.id, 'subscriber']],
  })
  const elsewhere = await createGroup(org.id, { ownerId: owner.id, memberIds: [author.id] })
  await follow(group.id, subscriber.id, author.id)
  const authorsLoop = await createLoop(group.id, author.id)
  const othersLoop = await createLoop(group.id, other.id)
  await createLoop(elsewhere.id, author.id)
  const draft = await createTask(group.id, { published: false })
  const published = await createTask(group.id)
  const later = await createTask(group.id, { published: new Date(Date.now() + 86_400_000) })
  const leadersTask = await createTask(group.id, { roles: ['leader'] })
  return {
    people: { owner, leader, author, other, subscriber, lonelySubscriber, admin, stranger },
    group,
    loops: { authorsLoop, othersLoop },
    tasks: { draft, published, later, leadersTask },
  }
}

async function visibleLoops(user: User, groupId: string) {
  const work = await requireGroupWork(ctxFor(user), groupId)
  const rows = await db().selectFrom('loops').select('id').where(loopVisibility(work)).execute()
  return rows.map((r) => r.id).sort()
}

async function visibleTasks(user: User, groupId: string) {
  const work = await requireGroupWork(ctxFor(user), groupId)
  const rows = await db().selectFrom('group_tasks').select('id').where(taskVisibility(work, new Date())).execute()
  return rows.map((r) => r.id).sort()
}

describe('who sees which loops (loopVisibility)', () => {
  it('follows the table: all for owner and leader, followed for a subscriber, own for a member, none for an admin outside', async () => {
    const { people, group, loops } = await setup()
    const both = [loops.authorsLoop.id, loops.othersLoop.id].sort()
    expect(await visibleLoops(people.owner, group.id)).toEqual(both)
    expect(await visibleLoops(people.leader, group.id)).toEqual(both)
    expect(await visibleLoops(people.author, group.id)).toEqual([loops.authorsLoop.id])
    expect(await visibleLoops(people.other, group.id)).toEqual([loops.othersLoop.id])
    expect(await visibleLoops(people.subscriber, group.id)).toEqual([loops.authorsLoop.id])
    expect(await visibleLoops(people.lonelySubscriber, group.id)).toEqual([])
    expect(await visibleLoops(people.admin, group.id)).toEqual([])
    await expect(requireGroupWork(ctxFor(people.stranger), group.id)).rejects.toMatchObject({ code: 'GROUP_NOT_FOUND' })
  })

  it('forgets a follow when the followed member leaves the group', async () => {
    const { people, group } = await setup()
    await db().deleteFrom('group_members').where('group_id', '=', group.id).where('user_id', '=', people.author.id).execute()
    expect(await db().selectFrom('group_follows').selectAll().where('group_id', '=', group.id).execute()).toEqual([])
    expect(await visibleLoops(people.subscriber, group.id)).toEqual([])
  })
})

describe('who counts which loops (loopCountScope)', () => {
  it('lets an admin outside the group count every loop, and everyone else only the loops they see', async () => {
    const { people, group, loops } = await setup()
    const counted = async (user: User) => {
      const work = await requireGroupWork(ctxFor(user), group.id)
      const rows = await db().selectFrom('loops').select('id').where(loopCountScope(work)).execute()
      return rows.map((r) => r.id).sort()
    }
    const both = [loops.authorsLoop.id, loops.othersLoop.id].sort()
    expect(await counted(people.admin)).toEqual(both)
    expect(await counted(people.owner)).toEqual(both)
    expect(await counted(people.author)).toEqual([loops.authorsLoop.id])
    expect(await counted(people.subscriber)).toEqual([loops.authorsLoop.id])
    expect(await counted(people.lonelySubscriber)).toEqual([])
  })
})

describe('who sees which tasks (taskVisibility)', () => {
  it('shows members the published tasks of their role, and editors and an admin outside every task', async () => {
    const { people, group, tasks } = await setup()
    const all = Object.values(tasks)
      .map((t) => t.id)
      .sort()
    expect(await visibleTasks(people.owner, group.id)).toEqual(all)
    expect(await visibleTasks(people.leader, group.id)).toEqual(all)
    expect(await visibleTasks(people.admin, group.id)).toEqual(all)
    expect(await visibleTasks(people.author, group.id)).toEqual([tasks.published.id])
    expect(await visibleTasks(people.subscriber, group.id)).toEqual([])
  })
})

describe('what each role may do (requireGroupWork)', () => {
  it('gives sending to members, feedback to owner and leader, nothing to a subscriber or an admin outside', async () => {
    const { people, group } = await setup()
    const can = async (user: User) => (await requireGroupWork(ctxFor(user), group.id)).can
    expect(await can(people.owner)).toEqual({ sendLoops: true, editTasks: true, giveFeedback: true, manageFollows: true })
    expect(await can(people.leader)).toEqual({ sendLoops: true, editTasks: true, giveFeedback: true, manageFollows: true })
    expect(await can(people.author)).toEqual({ sendLoops: true, editTasks: false, giveFeedback: false, manageFollows: false })
    expect(await can(people.subscriber)).toEqual({ sendLoops: false, editTasks: false, giveFeedback: false, manageFollows: false })
    expect(await can(people.admin)).toEqual({ sendLoops: false, editTasks: false, giveFeedback: false, manageFollows: false })
  })

  it('takes no loops in an inactive group', async () => {
    const { people, group } = await setup()
    await db().updateTable('groups').set({ active: 0 }).where('id', '=', group.id).execute()
    expect((await requireGroupWork(ctxFor(people.author), group.id)).can.sendLoops).toBe(false)
  })
})
