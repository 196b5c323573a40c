import { describe, expect, it } from 'vitest'
import { batches as chunks } from '~/db/batches'
import { db } from '~/db/db.server'
import { newId } from '~/utils/ids.server'
import { createUser } from '../../../tests/support/factories'
import { feedbackGroup } from '../../../tests/support/feedback-setup'
import { createComment, createLoop, createTag } from '../../../tests/support/group-work-factories'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import { LOOP_EXPORT_BATCH, loopExport, type LoopExportRow } from './loop-export.server'

async function readAll(batches: AsyncGenerator<LoopExportRow[]>) {
  const rows: LoopExportRow[] = []
  for await (const batch of batches) rows.push(...batch)
  return rows
}

const auditOf = (groupId: string) =>
  db().selectFrom('audit_log').selectAll().where('action', '=', 'group.loops.export').where('items', 'like', `%${groupId}%`).execute()

describe('loopExport', () => {
  it('gives an owner or a leader every loop of the group, oldest first, with tags, approval and comments; the text only when asked', async () => {
    const { people, org, group, task } = await feedbackGroup()
    const [courage, calm] = [await createTag(group.id, 'Mod'), await createTag(group.id, 'Arbetsro')]
    const late = await createLoop(group.id, people.other.id, {
      taskId: task.id,
      text: '=SUM(A1)',
      emotion: 5,
      tagIds: [courage.id, calm.id],
    })
    await createComment(late.id, people.leader.id)
    await db()
      .updateTable('loops')
      .set({ approved_by: people.leader.id, approved_at: new Date().toISOString() })
      .where('id', '=', late.id)
      .execute()

    const { groupName, batches } = await loopExport(ctxFor(people.leader), group.id, { format: 'csv', withText: false })
    expect(groupName).toBe('Bild 7A')
    const rows = await readAll(batches)
    expect(rows).toHaveLength(4)
    expect(rows.map((r) => r.text)).toEqual([null, null, null, null])
    expect(rows[3]).toMatchObject({
      task: 'Praktik dag 1',
      author: 'Otto Other',
      emotion: 5,
      tags: ['Arbetsro', 'Mod'],
      approved: true,
      comments: 1,
    })
    // Oldest first: the three loops of the fixture (an hour ago), then the new one.
    expect(
      rows
        .slice(0, 3)
        .map((r) => r.author)
        .sort(),
    ).toEqual(['Mia Author', 'Mia Author', 'Otto Other'])
    expect(rows.filter((r) => r.task === null)).toHaveLength(1)

    const withText = await readAll((await loopExport(ctxFor(people.owner), group.id, { format: 'xlsx', withText: true })).batches)
    expect(withText.at(-1)!.text).toBe('=SUM(A1)')
    expect(withText.map((r) => r.text?.length).every((n) => n! > 0)).toBe(true)

    const audit = await auditOf(group.id)
    expect(audit.map((a) => [a.actor_id, a.organization_id, JSON.parse(a.items), JSON.parse(a.result), a.status]).sort()).toEqual(
      [
        [people.leader.id, org.id, [group.id], { format: 'csv', text: false, rows: 4 }, 'done'],
        [people.owner.id, org.id, [group.id], { format: 'xlsx', text: true, rows: 4 }, 'done'],
      ].sort(),
    )
  })

  it('refuses everyone else, writes no audit entry for them, and tells a stranger nothing of the group', async () => {
    const { people, group } = await feedbackGroup()
    const foreignOwner = await createUser({ name: 'Fia Foreign' })
    const foreignOrg = await createOrganization({ adminIds: [foreignOwner.id] })
    await createGroup(foreignOrg.id, { ownerId: foreignOwner.id })
    const refusals: [string, { id: string }, string][] = [
      ['a plain member (the author)', people.author, 'FORBIDDEN'],
      ['a member', people.other, 'FORBIDDEN'],
      ['a subscriber following the author', people.subscriber, 'FORBIDDEN'],
      ['an organization admin outside the group', people.admin, 'FORBIDDEN'],
      ['a stranger', people.stranger, 'GROUP_NOT_FOUND'],
      ["another organization's admin", foreignOwner, 'GROUP_NOT_FOUND'],
    ]
    for (const [who, user, code] of refusals) {
      const call = loopExport(ctxFor(user as never), group.id, { format: 'csv', withText: true })
      await expect(call, who).rejects.toMatchObject({ code })
    }
    await expect(loopExport(ctxFor(people.leader), 'no-such-group', { format: 'csv', withText: false })).rejects.toMatchObject({
      code: 'GROUP_NOT_FOUND',
    })
    expect(await auditOf(group.id)).toEqual([])
  })

  it('reads in keyset batches (loops written at the same moment too) and leaves a stopped download unfinished in the log', async () => {
    const owner = await createUser({ name: 'Olle Owner' })
    const pupil = await createUser({ name: 'Pia Pupil' })
    const org = await createOrganization()
    const group = await createGroup(org.id, { ownerId: owner.id, memberIds: [pupil.id] })
    const at = new Date(Date.now() - 60_000).toISOString()
    const count = LOOP_EXPORT_BATCH * 2 + 5
    const values = Array.from({ length: count }, (_, i) => ({
      id: newId(),
      group_id: group.id,
      task_id: null,
      author_id: pupil.id,
      text: `Loop ${i}`,
      emotion: (i % 5) + 1,
      // Half of them at the same moment: the id breaks the tie.
      created_at: i % 2 ? at : new Date(Date.parse(at) + i).toISOString(),
      activity_at: at,
    }))
    for (const part of chunks(values, 500)) await db().insertInto('loops').values(part).execute()

    const { batches } = await loopExport(ctxFor(owner), group.id, { format: 'csv', withText: true })
    const sizes: number[] = []
    const texts = new Set<string>()
    for await (const batch of batches) {
      sizes.push(batch.length)
      for (const row of batch) texts.add(row.text!)
    }
    expect(sizes).toEqual([LOOP_EXPORT_BATCH, LOOP_EXPORT_BATCH, 5])
    expect(texts.size).toBe(count)

    const stopped = await loopExport(ctxFor(owner), group.id, { format: 'xlsx', withText: false })
    await stopped.batches.next()
    await stopped.batches.return(undefined)
    const entries = await auditOf(group.id)
    expect(entries.map((e) => [JSON.parse(e.result).rows, e.status]).sort()).toEqual([
      [LOOP_EXPORT_BATCH, 'started'],
      [count, 'done'],
    ])
  })
})
