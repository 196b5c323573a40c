import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { createUser } from '../../../tests/support/factories'
import { createComment, createLoop, createTag, createTask, follow } from '../../../tests/support/group-work-factories'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import { listLoops, loopChoices, MEMBER_CHOICES_MAX, myLoops, LOOP_PAGE_SIZE } from './loop-lists.server'
import { createLoop as writeLoop, deleteLoop, getLoop, updateLoop } from './loops.server'
import { requireGroupWork } from './group-work-access.server'

/**
 * Loops per role (docs/group-roles.md): every read and write of loops.server and loop-lists.server
 * asked as the author, the owner, a leader, a plain member, a subscriber who follows the author
 * and one who does not, an organization admin outside the group and a stranger.
 */
async function setup() {
  const names = ['Author', 'Owner', 'Leader', 'Member', 'Follower', 'Lonely', 'Admin', 'Stranger'] as const
  const [author, owner, leader, member, follower, lonely, admin, stranger] = await Promise.all(names.map((name) => createUser({ name })))
  const org = await createOrganization({ adminIds: [admin.id] })
  const group = await createGroup(org.id, {
    ownerId: owner.id,
    memberIds: [author.id, [leader.id, 'leader'], member.id, [follower.id, 'subscriber'], [lonely.id, 'subscriber']],
  })
  await follow(group.id, follower.id, author.id)
  const task = await createTask(group.id, { title: 'Skolstart' })
  const draft = await createTask(group.id, { title: 'Draft', published: false })
  const tag = await createTag(group.id, 'Kamratskap')
  const otherGroup = await createGroup(org.id, { ownerId: owner.id, memberIds: [author.id] })
  const foreignTag = await createTag(otherGroup.id, 'Elsewhere')
  const loop = await createLoop(group.id, author.id, { taskId: task.id, text: 'Det gick bra', emotion: 4, tagIds: [tag.id] })
  const membersLoop = await createLoop(group.id, member.id, { text: 'Mitt eget' })
  const people = { author, owner, leader, member, follower, lonely, admin, stranger }
  return { people, group, task, draft, tag, foreignTag, otherGroup, loop, membersLoop }
}

const as = (user: User) => ctxFor(user)

describe('getLoop: who sees one loop', () => {
  it('shows it to its author, owner, leader and a following subscriber; not found for everyone else', async () => {
    const s = await setup()
    await createComment(s.loop.id, s.people.leader.id, 'Bra skrivet')
    for (const who of ['author', 'owner', 'leader', 'follower'] as const) {
      const loop = await getLoop(as(s.people[who]), s.group.id, s.loop.id)
      expect(loop).toMatchObject({
        text: 'Det gick bra',
        emotion: 4,
        task: { id: s.task.id, title: 'Skolstart' },
        author: { id: s.people.author.id, name: 'Author' },
        tags: [{ id: s.tag.id, name: 'Kamratskap' }],
        comments: [{ author: { name: 'Leader' }, text: 'Bra skrivet' }],
        approved: null,
      })
      expect(loop.can).toEqual({ edit: false, delete: who === 'author' })
    }
    for (const who of ['member', 'lonely', 'admin', 'stranger'] as const)
      await expect(getLoop(as(s.people[who]), s.group.id, s.loop.id)).rejects.toMatchObject({ code: 'GROUP_NOT_FOUND' })
    // Through another group's id: not found, even for its owner.
    await expect(getLoop(as(s.people.owner), s.otherGroup.id, s.loop.id)).rejects.toMatchObject({ code: 'GROUP_NOT_FOUND' })
  })

  it('gives comments oldest first and the approval with its approver', async () => {
    const s = await setup()
    // Ids are random: the second comment's id may sort before the first's; the time orders them.
    const second = await createComment(s.loop.id, s.people.author.id, 'second')
    const first = await createComment(s.loop.id, s.people.leader.id, 'first')
    await db().updateTable('loop_comments').set({ created_at: '2026-01-01T10:00:00.000Z' }).where('id', '=', first.id).execute()
    await db().updateTable('loop_comments').set({ created_at: '2026-01-01T11:00:00.000Z' }).where('id', '=', second.id).execute()
    await db()
      .updateTable('loops')
      .set({ approved_by: s.people.leader.id, approved_at: '2026-01-02T03:04:05.000Z' })
      .where('id', '=', s.loop.id)
      .execute()
    const loop = await getLoop(as(s.people.author), s.group.id, s.loop.id)
    expect(loop.comments.map((c) => c.text)).toEqual(['first', 'second'])
    expect(loop.approved).toEqual({ by: { id: s.people.leader.id, name: 'Leader' }, at: '2026-01-02T03:04:05.000Z' })
  })
})

describe('createLoop', () => {
  it('writes a report on a visible task with tags, for a member who sends loops', async () => {
    const s = await setup()
    const { id } = await writeLoop(as(s.people.member), s.group.id, {
      taskId: s.task.id,
      text: '  Ny loop  ',
      emotion: 5,
      tags: [s.tag.id],
    })
    const loop = await getLoop(as(s.people.member), s.group.id, id)
    expect(loop).toMatchObject({
      text: 'Ny loop',
      emotion: 5,
      task: { id: s.task.id },
      tags: [{ name: 'Kamratskap' }],
      can: { edit: true, delete: true },
    })
  })

  it('refuses those who may not send, a task they cannot see, free loops where off, and bad input, changing nothing', async () => {
    const s = await setup()
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('loops')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await count()
    const input = { taskId: s.task.id, text: 'x', emotion: 3, tags: [] }
    for (const who of ['follower', 'admin'] as const)
      await expect(writeLoop(as(s.people[who]), s.group.id, input)).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(writeLoop(as(s.people.stranger), s.group.id, input)).rejects.toMatchObject({ code: 'GROUP_NOT_FOUND' })
    await expect(writeLoop(as(s.people.member), s.group.id, { ...input, taskId: s.draft.id })).rejects.toMatchObject({
      code: 'GROUP_NOT_FOUND',
    })
    const foreignTask = await createTask(s.otherGroup.id)
    await expect(writeLoop(as(s.people.author), s.group.id, { ...input, taskId: foreignTask.id })).rejects.toMatchObject({
      code: 'GROUP_NOT_FOUND',
    })
    await expect(writeLoop(as(s.people.member), s.group.id, { ...input, tags: [s.foreignTag.id] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      data: { errors: { tags: ['loops.form.unknownTag'] } },
    })
    await expect(writeLoop(as(s.people.member), s.group.id, { ...input, text: '   ' })).rejects.toMatchObject({
      data: { errors: { text: ['validation.required'] } },
    })
    await expect(writeLoop(as(s.people.member), s.group.id, { ...input, text: 'x'.repeat(5001) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    })
    await expect(writeLoop(as(s.people.member), s.group.id, { ...input, emotion: 6 })).rejects.toMatchObject({
      data: { errors: { emotion: ['loops.form.emotionRequired'] } },
    })
    await db().updateTable('groups').set({ free_loops: 0 }).where('id', '=', s.group.id).execute()
    await expect(writeLoop(as(s.people.member), s.group.id, { ...input, taskId: null })).rejects.toMatchObject({ code: 'FREE_LOOPS_OFF' })
    expect(await count()).toBe(before)
  })

  it('takes a free loop where the group allows them, and 5,000 characters', async () => {
    const s = await setup()
    const { id } = await writeLoop(as(s.people.member), s.group.id, { taskId: null, text: 'y'.repeat(5000), emotion: 1, tags: [] })
    expect((await getLoop(as(s.people.owner), s.group.id, id)).task).toBeNull()
  })
})

describe('updateLoop and deleteLoop', () => {
  it('lets the author edit until someone comments, then LOOP_LOCKED; others are refused', async () => {
    const s = await setup()
    await updateLoop(as(s.people.author), s.group.id, s.loop.id, { text: 'Ändrad', emotion: 2, tags: [] })
    const edited = await getLoop(as(s.people.author), s.group.id, s.loop.id)
    expect(edited).toMatchObject({ text: 'Ändrad', emotion: 2, tags: [] })
    expect(edited.editedAt).not.toBeNull()
    for (const who of ['owner', 'leader', 'follower'] as const)
      await expect(updateLoop(as(s.people[who]), s.group.id, s.loop.id, { text: 'hijack' })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    for (const who of ['member', 'lonely', 'admin', 'stranger'] as const)
      await expect(updateLoop(as(s.people[who]), s.group.id, s.loop.id, { text: 'hijack' })).rejects.toMatchObject({
        code: 'GROUP_NOT_FOUND',
      })
    await createComment(s.loop.id, s.people.leader.id)
    await expect(updateLoop(as(s.people.author), s.group.id, s.loop.id, { text: 'late' })).rejects.toMatchObject({ code: 'LOOP_LOCKED' })
    expect((await getLoop(as(s.people.author), s.group.id, s.loop.id)).text).toBe('Ändrad')
  })

  it('lets only the author delete, commented or not', async () => {
    const s = await setup()
    await createComment(s.loop.id, s.people.leader.id)
    for (const who of ['owner', 'leader', 'follower'] as const)
      await expect(deleteLoop(as(s.people[who]), s.group.id, s.loop.id)).rejects.toMatchObject({ code: 'FORBIDDEN' })
    for (const who of ['member', 'lonely', 'admin', 'stranger'] as const)
      await expect(deleteLoop(as(s.people[who]), s.group.id, s.loop.id)).rejects.toMatchObject({ code: 'GROUP_NOT_FOUND' })
    await deleteLoop(as(s.people.author), s.group.id, s.loop.id)
    await expect(getLoop(as(s.people.author), s.group.id, s.loop.id)).rejects.toMatchObject({ code: 'GROUP_NOT_FOUND' })
    expect(await db().selectFrom('loop_comments').select('id').where('loop_id', '=', s.loop.id).execute()).toEqual([])
  })
})

describe('listLoops: the Loops tab per role', () => {
  const ids = (r: { loops: { id: string }[] }) => r.loops.map((l) => l.id).sort()

  it('lists what each role sees, with its counts, and nothing for an admin outside', async () => {
    const s = await setup()
    await createComment(s.loop.id, s.people.leader.id)
    const both = [s.loop.id, s.membersLoop.id].sort()
    expect(ids(await listLoops(as(s.people.owner), s.group.id))).toEqual(both)
    expect(ids(await listLoops(as(s.people.leader), s.group.id))).toEqual(both)
    expect(ids(await listLoops(as(s.people.author), s.group.id))).toEqual([s.loop.id])
    expect(ids(await listLoops(as(s.people.member), s.group.id))).toEqual([s.membersLoop.id])
    expect(ids(await listLoops(as(s.people.follower), s.group.id))).toEqual([s.loop.id])
    expect(ids(await listLoops(as(s.people.lonely), s.group.id))).toEqual([])
    expect(ids(await listLoops(as(s.people.admin), s.group.id))).toEqual([])
    await expect(listLoops(as(s.people.stranger), s.group.id)).rejects.toMatchObject({ code: 'GROUP_NOT_FOUND' })
    const [item] = (await listLoops(as(s.people.follower), s.group.id)).loops
    expect(item).toMatchObject({
      author: { name: 'Author' },
      task: { title: 'Skolstart' },
      emotion: 4,
      tags: ['Kamratskap'],
      commentCount: 1,
      photoCount: 0,
    })
  })

  it('filters by task, free loops, member and tag, and a member filtering by another member gets nothing', async () => {
    const s = await setup()
    const owner = as(s.people.owner)
    expect(ids(await listLoops(owner, s.group.id, { task: s.task.id }))).toEqual([s.loop.id])
    expect(ids(await listLoops(owner, s.group.id, { task: 'free' }))).toEqual([s.membersLoop.id])
    expect(ids(await listLoops(owner, s.group.id, { member: s.people.member.id }))).toEqual([s.membersLoop.id])
    expect(ids(await listLoops(owner, s.group.id, { tag: s.tag.id }))).toEqual([s.loop.id])
    expect(ids(await listLoops(as(s.people.member), s.group.id, { member: s.people.author.id }))).toEqual([])
  })

  it('pages newest first with a keyset cursor, and refuses a cursor it did not write', async () => {
    const s = await setup()
    const base = Date.parse('2026-03-01T10:00:00.000Z')
    for (let i = 0; i < LOOP_PAGE_SIZE + 2; i++) await createLoop(s.group.id, s.people.author.id, { created: new Date(base + i * 60_000) })
    const first = await listLoops(as(s.people.author), s.group.id)
    expect(first.loops).toHaveLength(LOOP_PAGE_SIZE)
    const times = first.loops.map((l) => l.createdAt)
    expect([...times].sort().reverse()).toEqual(times)
    const second = await listLoops(as(s.people.author), s.group.id, { cursor: first.nextCursor! })
    expect(second.nextCursor).toBeNull()
    expect(second.loops).toHaveLength(3)
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(LOOP_PAGE_SIZE + 3)
    await expect(listLoops(as(s.people.author), s.group.id, { cursor: 'nonsense' })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
  })

  it('offers filters by the members one sees', async () => {
    const s = await setup()
    const members = async (user: User) =>
      (await loopChoices(as(user), await requireGroupWork(as(user), s.group.id), { members: true })).members?.map((m) => m.name)
    expect(await members(s.people.owner)).toHaveLength(6)
    expect(await members(s.people.follower)).toEqual(['Author'])
    expect(await members(s.people.member)).toEqual([])
    const memberChoices = await loopChoices(as(s.people.member), await requireGroupWork(as(s.people.member), s.group.id))
    expect(memberChoices.tasks.map((t) => t.title)).toEqual(['Skolstart'])
  })
})

describe('a group too large for a list of members', () => {
  it('offers a name search instead (Swedish letters folded), within what the actor sees; a chosen member is named', async () => {
    const s = await setup()
    const extra = await Promise.all(
      Array.from({ length: MEMBER_CHOICES_MAX }, (_, i) =>
        createUser({ name: i === 0 ? 'Åsa Öberg' : `Pupil ${String(i).padStart(2, '0')}` }),
      ),
    )
    for (const user of extra)
      await db()
        .insertInto('group_members')
        .values({ group_id: s.group.id, user_id: user.id, role: 'member', created_at: new Date().toISOString() })
        .execute()
    const asa = extra[0]!
    await createLoop(s.group.id, asa.id, { text: 'Från Åsa' })
    const owner = as(s.people.owner)
    const work = await requireGroupWork(owner, s.group.id)
    const choices = await loopChoices(owner, work, { members: true, member: asa.id })
    expect(choices.members).toBeNull()
    expect(choices.chosenMember).toEqual({ id: asa.id, name: 'Åsa Öberg' })
    const texts = async (user: User, who: string) => (await listLoops(as(user), s.group.id, { who })).loops.map((l) => l.excerpt)
    expect(await texts(s.people.owner, 'ÅSA')).toEqual(['Från Åsa'])
    expect(await texts(s.people.owner, 'öberg')).toEqual(['Från Åsa'])
    expect(await texts(s.people.owner, 'auth')).toEqual(['Det gick bra'])
    expect(await texts(s.people.owner, '%')).toEqual([])
    // A subscriber's search stays within the members they follow.
    expect(await texts(s.people.follower, 'Åsa')).toEqual([])
    expect(await texts(s.people.follower, 'Author')).toEqual(['Det gick bra'])
  })
})

describe('myLoops', () => {
  it('lists the actor’s own loops across groups, newest first, filtered by group, never others’', async () => {
    const s = await setup()
    const elsewhere = await createLoop(s.otherGroup.id, s.people.author.id, { created: new Date(Date.now() + 1000) })
    const mine = await myLoops(as(s.people.author))
    expect(mine.loops.map((l) => l.id)).toEqual([elsewhere.id, s.loop.id])
    expect(mine.groups.map((g) => g.id).sort()).toEqual([s.group.id, s.otherGroup.id].sort())
    expect((await myLoops(as(s.people.author), { groupId: s.group.id })).loops.map((l) => l.id)).toEqual([s.loop.id])
    expect((await myLoops(as(s.people.owner))).loops).toEqual([])
    expect((await myLoops(as(s.people.stranger), { groupId: s.group.id })).loops).toEqual([])
  })

  it('keeps the loops of a group the actor left until its retention removes them, marked left with their whole text', async () => {
    const s = await setup()
    const long = 'Lång text. '.repeat(60).trim()
    await db().updateTable('loops').set({ text: long }).where('id', '=', s.loop.id).execute()
    await db().deleteFrom('group_members').where('group_id', '=', s.group.id).where('user_id', '=', s.people.author.id).execute()
    const mine = await myLoops(as(s.people.author))
    expect(mine.loops.map((l) => [l.id, l.left, l.excerpt])).toEqual([[s.loop.id, true, long]])
    expect(mine.groups.map((g) => g.id)).toContain(s.group.id)
    // Its page is no longer theirs to open.
    await expect(getLoop(as(s.people.author), s.group.id, s.loop.id)).rejects.toMatchObject({ code: 'GROUP_NOT_FOUND' })
  })
})
