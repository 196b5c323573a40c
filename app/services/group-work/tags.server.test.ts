import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { expectCode } from '../../../tests/support/expect-code'
import { createUser } from '../../../tests/support/factories'
import { createLoop, createTag } from '../../../tests/support/group-work-factories'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import { createTag as addTag, deleteTag, listTags, tagForDeletion, updateTag } from './tags.server'
import { GROUP_TAG_LIMIT } from '~/utils/group-work-limits'

async function setup() {
  const [owner, leader, member, other, subscriber, admin, stranger] = await Promise.all(
    ['Owner', 'Leader', 'Member', 'Other', 'Subscriber', 'Admin', 'Stranger'].map((name) => createUser({ name })),
  )
  const org = await createOrganization({ adminIds: [admin.id] })
  const group = await createGroup(org.id, {
    ownerId: owner.id,
    memberIds: [[leader.id, 'leader'], member.id, other.id, [subscriber.id, 'subscriber']],
  })
  const calm = await createTag(group.id, 'Lugn')
  const brave = await createTag(group.id, 'Modig')
  await createLoop(group.id, member.id, { tagIds: [calm.id, brave.id] })
  await createLoop(group.id, other.id, { tagIds: [calm.id] })
  return { people: { owner, leader, member, other, subscriber, admin, stranger }, org, group, tags: { calm, brave } }
}

const names = async (groupId: string, user: { id: string } & object) =>
  (await listTags(ctxFor(user as never), groupId)).tags.map((t) => `${t.name}:${t.loopCount}`)

describe('tags', () => {
  it('everyone who sees the group reads the tags, with the loop counts they may see; a stranger gets GROUP_NOT_FOUND', async () => {
    const { people, group } = await setup()
    expect(await names(group.id, people.leader)).toEqual(['Lugn:2', 'Modig:1'])
    expect(await names(group.id, people.member)).toEqual(['Lugn:1', 'Modig:1'])
    expect(await names(group.id, people.subscriber)).toEqual(['Lugn:0', 'Modig:0'])
    // An admin outside the group counts every loop (never reads one).
    expect(await names(group.id, people.admin)).toEqual(['Lugn:2', 'Modig:1'])
    await expectCode(listTags(ctxFor(people.stranger), group.id), 'GROUP_NOT_FOUND')
  })

  it('adds, renames (kept on loops) and deletes (off the loops, which stay), in Swedish order', async () => {
    const { people, group, tags } = await setup()
    const ctx = ctxFor(people.leader)
    const added = await addTag(ctx, group.id, { name: ' Ängslig ', description: 'Orolig' })
    expect(added.name).toBe('Ängslig')
    expect(await names(group.id, people.owner)).toEqual(['Lugn:2', 'Modig:1', 'Ängslig:0'])
    await updateTag(ctx, group.id, tags.calm.id, { name: 'Trygg' })
    expect(await names(group.id, people.owner)).toEqual(['Modig:1', 'Trygg:2', 'Ängslig:0'])
    expect((await tagForDeletion(ctx, group.id, tags.calm.id)).loopCount).toBe(2)
    expect((await deleteTag(ctx, group.id, tags.calm.id)).name).toBe('Trygg')
    expect(await names(group.id, people.owner)).toEqual(['Modig:1', 'Ängslig:0'])
    const loops = await db().selectFrom('loops').select('id').where('group_id', '=', group.id).execute()
    expect(loops).toHaveLength(2)
  })

  it('refuses a name in use whatever its case, a 51st tag and bad input, changing nothing', async () => {
    const { people, group, tags } = await setup()
    const ctx = ctxFor(people.owner)
    await expectCode(addTag(ctx, group.id, { name: 'LUGN' }), 'TAG_NAME_TAKEN')
    await expectCode(updateTag(ctx, group.id, tags.brave.id, { name: ' lugn' }), 'TAG_NAME_TAKEN')
    await updateTag(ctx, group.id, tags.brave.id, { name: 'MODIG' })
    await expectCode(addTag(ctx, group.id, { name: 'x'.repeat(41) }), 'BAD_REQUEST')
    await expectCode(addTag(ctx, group.id, { name: '  ' }), 'BAD_REQUEST')
    for (let i = 2; i < GROUP_TAG_LIMIT; i++) await createTag(group.id, `Tag ${i}`)
    await expectCode(addTag(ctx, group.id, { name: 'One too many' }), 'TAG_LIMIT_REACHED')
    const list = await listTags(ctx, group.id)
    expect(list.tags).toHaveLength(GROUP_TAG_LIMIT)
    expect(list.tags.map((t) => t.name)).toContain('MODIG')
  })

  it('only editors change tags: FORBIDDEN for a member, a subscriber and an admin outside, GROUP_NOT_FOUND for a stranger or another group’s tag', async () => {
    const { people, group, tags, org } = await setup()
    for (const user of [people.member, people.subscriber, people.admin]) {
      await expectCode(addTag(ctxFor(user), group.id, { name: 'Nej' }), 'FORBIDDEN')
      await expectCode(updateTag(ctxFor(user), group.id, tags.calm.id, { name: 'Nej' }), 'FORBIDDEN')
      await expectCode(deleteTag(ctxFor(user), group.id, tags.calm.id), 'FORBIDDEN')
    }
    await expectCode(addTag(ctxFor(people.stranger), group.id, { name: 'Nej' }), 'GROUP_NOT_FOUND')
    const elsewhere = await createGroup(org.id, { ownerId: people.owner.id })
    const foreign = await createTag(elsewhere.id, 'Främmande')
    await expectCode(updateTag(ctxFor(people.owner), group.id, foreign.id, { name: 'Tagen' }), 'GROUP_NOT_FOUND')
    await expectCode(deleteTag(ctxFor(people.owner), group.id, foreign.id), 'GROUP_NOT_FOUND')
    expect(await names(group.id, people.owner)).toEqual(['Lugn:2', 'Modig:1'])
    await db().updateTable('groups').set({ active: 0 }).where('id', '=', group.id).execute()
    await expectCode(addTag(ctxFor(people.owner), group.id, { name: 'Sovande' }), 'FORBIDDEN')
  })
})
