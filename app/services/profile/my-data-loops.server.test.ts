import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { newId } from '~/utils/ids.server'
import { createUser, TEST_PASSWORD } from '../../../tests/support/factories'
import { createComment, createLoop, createTag, createTask } from '../../../tests/support/group-work-factories'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import { deleteAccount, exportMyData } from './my-data.server'

/** My data and group work (docs/group-work.md "Retention"): the export holds my loops and comments; deleting the account deletes them. */
const ctx = (user: User) => ({ ...ctxFor(user), client: `client-${randomBytes(4).toString('hex')}` })

async function setup() {
  const [owner, me, other] = await Promise.all(['Olga', 'Mia', 'Otto'].map((name) => createUser({ name })))
  const org = await createOrganization()
  const group = await createGroup(org.id, { ownerId: owner.id, memberIds: [me.id, other.id], name: 'Klass 8A' })
  const task = await createTask(group.id, { title: 'Praktik' })
  const tag = await createTag(group.id, 'Mod')
  const mine = await createLoop(group.id, me.id, { taskId: task.id, text: 'Min reflektion', emotion: 4, tagIds: [tag.id] })
  const theirs = await createLoop(group.id, other.id, { text: 'Ottos loop' })
  await createComment(mine.id, owner.id, 'Bra jobbat')
  await createComment(mine.id, me.id, 'Tack!')
  await createComment(theirs.id, me.id, 'Min kommentar hos Otto')
  await db()
    .insertInto('loop_photos')
    .values({
      id: newId(),
      loop_id: mine.id,
      group_id: group.id,
      position: 0,
      image: new Uint8Array([1]),
      content_type: 'image/webp',
      width: 10,
      height: 20,
      byte_size: 1,
      etag: 'e',
      created_at: new Date().toISOString(),
    })
    .execute()
  return { owner, me, other, group, mine, theirs }
}

describe('my data: loops', () => {
  it('exports my loops with task, tags, photos and thread, and my comments on others’ loops; nobody else’s loops', async () => {
    const s = await setup()
    const data = await exportMyData(ctx(s.me), s.me.id)
    expect(data.loops).toEqual([
      expect.objectContaining({
        id: s.mine.id,
        groupName: 'Klass 8A',
        task: 'Praktik',
        text: 'Min reflektion',
        emotion: 4,
        tags: ['Mod'],
        photos: [expect.objectContaining({ content_type: 'image/webp', width: 10, height: 20 })],
        comments: [
          expect.objectContaining({ author: 'Olga', text: 'Bra jobbat' }),
          expect.objectContaining({ author: 'Mia', text: 'Tack!' }),
        ],
      }),
    ])
    expect(data.loopComments.map((c) => c.text)).toEqual(['Tack!', 'Min kommentar hos Otto'])
    expect(JSON.stringify(data)).not.toContain('Ottos loop')
  })

  it('deleting my account deletes my loops, their photos and threads, and my comments (others’ counts follow)', async () => {
    const s = await setup()
    await deleteAccount(ctx(s.me), s.me.id, TEST_PASSWORD)
    expect(await db().selectFrom('loops').select('id').where('author_id', '=', s.me.id).execute()).toEqual([])
    for (const table of ['loop_photos', 'loop_comments', 'loop_tags'] as const)
      expect(await db().selectFrom(table).select('loop_id').where('loop_id', '=', s.mine.id).execute()).toEqual([])
    expect(await db().selectFrom('loop_comments').select('text').where('loop_id', '=', s.theirs.id).execute()).toEqual([])
    const theirs = await db().selectFrom('loops').select(['text', 'comment_count']).where('id', '=', s.theirs.id).executeTakeFirstOrThrow()
    expect(theirs).toEqual({ text: 'Ottos loop', comment_count: 0 })
  })
})
