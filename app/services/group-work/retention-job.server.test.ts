import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { newId } from '~/utils/ids.server'
import { createUser } from '../../../tests/support/factories'
import { createComment, createLoop, createTag, createTask } from '../../../tests/support/group-work-factories'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import { ctxFor } from '../context.server'
import { runRetention } from './retention-job.server'
import { getRetention } from './retention.server'

/**
 * The retention job (docs/group-work.md "Retention"): exactly the loops older than their group's
 * period go, with their comments, photos, tags and read marks, counted in loop_counts; Stockholm
 * days across the change to summer time (29 March 2026); the owner's "queued" count and notice.
 */
async function setup(months = 3) {
  const [owner, member] = await Promise.all([createUser({ name: 'Owner' }), createUser({ name: 'Member' })])
  const org = await createOrganization()
  const group = await createGroup(org.id, { ownerId: owner.id, memberIds: [member.id], name: 'Klass 7B' })
  await db().updateTable('groups').set({ retention_months: months }).where('id', '=', group.id).execute()
  return { org, group, owner, member }
}

const at = (iso: string) => new Date(iso)
const loopIds = async (groupId: string) =>
  (await db().selectFrom('loops').select('id').where('group_id', '=', groupId).orderBy('created_at').execute()).map((r) => r.id)

async function addPhoto(loopId: string, groupId: string) {
  await db()
    .insertInto('loop_photos')
    .values({
      id: newId(),
      loop_id: loopId,
      group_id: groupId,
      position: 0,
      image: new Uint8Array([1, 2, 3]),
      content_type: 'image/webp',
      width: 1,
      height: 1,
      byte_size: 3,
      etag: 'e',
      created_at: new Date().toISOString(),
    })
    .execute()
  await db().updateTable('loops').set({ photo_count: 1 }).where('id', '=', loopId).execute()
}

describe('runRetention', () => {
  it('removes exactly the loops older than the period, by Stockholm days across the change to summer time', async () => {
    const s = await setup(3)
    // 28 March 23:30 in Stockholm (22:30Z, winter time) and 29 March 00:30 (23:30Z on the 28th).
    const lastOfMarch28 = await createLoop(s.group.id, s.member.id, { created: at('2026-03-28T22:30:00Z') })
    const firstOfMarch29 = await createLoop(s.group.id, s.member.id, { created: at('2026-03-28T23:30:00Z') })
    // 29 June 00:30 in Stockholm (summer time) is still 28 June in UTC: a UTC day would keep the first loop.
    const now = at('2026-06-28T22:30:00Z')
    expect(await runRetention(db(), now)).toMatchObject({ loops: 1 })
    expect(await loopIds(s.group.id)).toEqual([firstOfMarch29.id])
    expect(lastOfMarch28.id).not.toBe(firstOfMarch29.id)
    // The day after: the second goes too; a pass again removes nothing.
    expect(await runRetention(db(), at('2026-06-29T22:30:00Z'))).toMatchObject({ loops: 1 })
    expect(await runRetention(db(), at('2026-06-29T22:31:00Z'))).toMatchObject({ loops: 0 })
    expect(await loopIds(s.group.id)).toEqual([])
  })

  it("keeps each group's own period and removes comments, photos, tags and reads with the loop, keeping only counts", async () => {
    const s = await setup(1)
    const long = await setup(12)
    const task = await createTask(s.group.id, { title: 'Praktik' })
    const tag = await createTag(s.group.id, 'Mod')
    const old = await createLoop(s.group.id, s.member.id, {
      created: at('2026-01-10T09:00:00Z'),
      taskId: task.id,
      tagIds: [tag.id],
      emotion: 2,
    })
    const oldFree = await createLoop(s.group.id, s.member.id, { created: at('2026-01-20T09:00:00Z'), emotion: 5 })
    const recent = await createLoop(s.group.id, s.member.id, { created: at('2026-03-01T09:00:00Z') })
    const keptElsewhere = await createLoop(long.group.id, long.member.id, { created: at('2026-01-10T09:00:00Z') })
    await createComment(old.id, s.owner.id, 'Bra')
    await createComment(old.id, s.member.id, 'Tack')
    await addPhoto(old.id, s.group.id)
    await db().insertInto('loop_reads').values({ user_id: s.owner.id, loop_id: old.id, read_at: '2026-01-11T00:00:00Z' }).execute()

    const pass = await runRetention(db(), at('2026-03-05T12:00:00Z'))
    expect(pass).toMatchObject({ loops: 2, comments: 2, photos: 1 })
    expect(await loopIds(s.group.id)).toEqual([recent.id])
    expect(await loopIds(long.group.id)).toEqual([keptElsewhere.id])
    for (const table of ['loop_comments', 'loop_photos', 'loop_tags', 'loop_reads'] as const)
      expect(await db().selectFrom(table).select('loop_id').where('loop_id', 'in', [old.id, oldFree.id]).execute()).toEqual([])
    const counts = await db()
      .selectFrom('loop_counts')
      .select(['task_key', 'month', 'loops', 'comments', 'emotion_sum'])
      .where('group_id', '=', s.group.id)
      .orderBy('task_key')
      .execute()
    expect(counts).toEqual([
      { task_key: '', month: '2026-01', loops: 1, comments: 0, emotion_sum: 5 },
      { task_key: task.id, month: '2026-01', loops: 1, comments: 2, emotion_sum: 2 },
    ])
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'items', 'result'])
      .where('organization_id', '=', s.org.id)
      .execute()
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ action: 'retention.removed', actor_id: null })
    expect(JSON.parse(audit[0].result)).toMatchObject({ loops: 2, comments: 2, photos: 1 })
  })

  it('removes in batches, and two passes at once count each loop once', async () => {
    const s = await setup(1)
    for (let i = 0; i < 25; i++) await createLoop(s.group.id, s.member.id, { created: at('2026-01-10T09:00:00Z'), emotion: 3 })
    const batches: number[] = []
    const now = at('2026-03-05T12:00:00Z')
    const [a, b] = await Promise.all([
      runRetention(db(), now, { batchSize: 10, onBatch: (_ms, n) => batches.push(n) }),
      runRetention(db(), now, { batchSize: 10 }),
    ])
    expect(a.loops + b.loops).toBe(25)
    expect(Math.max(...batches)).toBeLessThanOrEqual(20)
    const [row] = await db().selectFrom('loop_counts').select(['loops', 'emotion_sum']).where('group_id', '=', s.group.id).execute()
    expect(row).toEqual({ loops: 25, emotion_sum: 75 })
  })

  it('the queued count is what the job removes 14 days later, and the owner is told once per new loops', async () => {
    const s = await setup(3)
    const created = ['2026-03-20T10:00:00Z', '2026-03-25T10:00:00Z', '2026-03-28T22:30:00Z', '2026-03-28T23:30:00Z', '2026-04-02T10:00:00Z']
    for (const c of created) await createLoop(s.group.id, s.member.id, { created: at(c) })
    // 15 June 2026, Stockholm: in 14 days (29 June) the loops of 28 March and before are removed.
    const now = at('2026-06-15T08:00:00Z')
    const retention = await getRetention({ ...ctxFor(s.owner as never), now }, s.group.id)
    expect(retention.queued).toEqual({ count: 3, byDay: '2026-06-29' })

    // (Passes are of the whole database: the other tests' groups are in it too, so counts are read per group.)
    await runRetention(db(), now)
    expect(await loopIds(s.group.id)).toHaveLength(5)
    const notices = async () =>
      db()
        .selectFrom('alerts')
        .select(['user_id', 'data'])
        .where('template', '=', 'group.retention.queued')
        .where('target_id', '=', s.group.id)
        .execute()
    expect((await notices()).map((n) => [n.user_id, JSON.parse(n.data)])).toEqual([
      [s.owner.id, { groupId: s.group.id, groupName: 'Klass 7B', count: 3, byDay: '2026-06-29' }],
    ])
    // Later the same day: nothing new entered the window, no notice.
    await db().updateTable('alerts').set({ data: '{"count":0}' }).where('template', '=', 'group.retention.queued').execute()
    await runRetention(db(), at('2026-06-15T20:00:00Z'))
    expect((await notices()).map((n) => JSON.parse(n.data).count)).toEqual([0])
    // The next day the loop of 29 March enters it: the same notice, updated.
    await runRetention(db(), at('2026-06-16T08:00:00Z'))
    expect((await notices()).map((n) => JSON.parse(n.data).count)).toEqual([4])

    // 14 days after the first count, the job has removed exactly those three.
    await runRetention(db(), at('2026-06-28T22:30:00Z'))
    expect(await db().selectFrom('loops').select('created_at').where('group_id', '=', s.group.id).orderBy('created_at').execute()).toEqual([
      { created_at: '2026-03-28T23:30:00.000Z' },
      { created_at: '2026-04-02T10:00:00.000Z' },
    ])
  })
})
