import type { Insertable } from 'kysely'
import { batches } from '~/db/batches'
import type { DB } from '~/db/db.server'
import type { Database } from '~/db/schema'
import { newId } from '~/utils/ids.server'
import { seededRandom } from '~/utils/seeded-random'

/** The benchmark's group work (docs/testing.md "Benchmark"): one group of 500 members, 60 tasks and 30,000 loops. */
export const BENCH_WORK_GROUP = 'Storgruppen (500 medlemmar)'
export const BENCH_WORK_MEMBERS = 500
export const BENCH_WORK_TASKS = 60
export const BENCH_WORK_LOOPS = 30_000

const DAY = 86_400_000
const ROWS_PER_INSERT = 400

/**
 * With `--large`: in the large organization, a group owned by admin@example.se with 499 of its
 * generated members, 60 published tasks for members, 10 tags and 30,000 loops spread over the
 * members and tasks across 20 weeks (a tenth with a comment, a fifth with a tag, every emotional
 * value). Idempotent: nothing is written once the group exists.
 */
export async function seedBenchGroupWork(db: DB, organizationName: string): Promise<string | null> {
  const org = await db.selectFrom('organizations').select('id').where('name', '=', organizationName).executeTakeFirst()
  const admin = await db.selectFrom('users').select('id').where('email', '=', 'admin@example.se').executeTakeFirst()
  if (!org || !admin) return null
  if (await db.selectFrom('groups').select('id').where('name', '=', BENCH_WORK_GROUP).executeTakeFirst()) return null
  const generated = await db
    .selectFrom('organization_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.id')
    .where('m.organization_id', '=', org.id)
    .where('u.password_hash', 'is', null)
    .orderBy('u.id')
    .limit(BENCH_WORK_MEMBERS - 1)
    .execute()
  const next = seededRandom(11)
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const now = Date.now()
  const start = now - 140 * DAY
  const groupId = newId()
  const at = (ms: number) => new Date(ms).toISOString()
  const tasks: Insertable<Database['group_tasks']>[] = Array.from({ length: BENCH_WORK_TASKS }, (_, i) => ({
    id: newId(),
    group_id: groupId,
    package_id: null,
    package_role_name: '',
    title: `Uppgift ${i + 1}: reflektera över veckan`,
    instructions: 'Skriv vad du gjorde, vad som gick bra och vad du vill göra annorlunda.',
    position: i,
    published_at: at(start + Math.floor((i * 140 * DAY) / BENCH_WORK_TASKS)),
    due_at: null,
    created_by: admin.id,
    created_at: at(start),
    updated_at: at(start),
  }))
  const tags = Array.from({ length: 10 }, (_, i) => ({
    id: newId(),
    group_id: groupId,
    name: `Tagg ${i + 1}`,
    name_key: `tagg ${i + 1}`,
    description: '',
    created_at: at(start),
  }))
  const loops: Insertable<Database['loops']>[] = []
  const loopTags: Insertable<Database['loop_tags']>[] = []
  const comments: Insertable<Database['loop_comments']>[] = []
  for (let i = 0; i < BENCH_WORK_LOOPS; i++) {
    const task = tasks[int(0, tasks.length - 1)]
    const created = Math.min(now - 1000, Date.parse(task.published_at!) + int(1, 7 * 24) * 3_600_000)
    const id = newId()
    const commented = i % 10 === 0
    loops.push({
      id,
      group_id: groupId,
      task_id: task.id,
      author_id: generated[i % generated.length].id,
      text: `Reflektion ${i + 1}: det gick ${['dåligt', 'sådär', 'okej', 'bra', 'jättebra'][i % 5]} idag.`,
      emotion: (i % 5) + 1,
      created_at: at(created),
      edited_at: null,
      approved_by: i % 7 === 0 ? admin.id : null,
      approved_at: i % 7 === 0 ? at(created + 3_600_000) : null,
      comment_count: commented ? 1 : 0,
      photo_count: 0,
      activity_at: at(commented ? created + 7_200_000 : created),
    })
    if (i % 5 === 0) loopTags.push({ loop_id: id, tag_id: tags[i % tags.length].id, group_id: groupId })
    if (commented)
      comments.push({
        id: newId(),
        loop_id: id,
        group_id: groupId,
        author_id: admin.id,
        text: 'Bra skrivet!',
        created_at: at(created + 7_200_000),
      })
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('groups')
      .values({
        id: groupId,
        organization_id: org.id,
        name: BENCH_WORK_GROUP,
        kind: 'standard',
        owner_id: admin.id,
        active: 1,
        member_count: generated.length + 1,
        latest_activity_at: at(now),
        created_at: at(start),
      })
      .execute()
    const members = [
      { group_id: groupId, user_id: admin.id, role: 'owner' as const, created_at: at(start) },
      ...generated.map((u) => ({ group_id: groupId, user_id: u.id, role: 'member' as const, created_at: at(start) })),
    ]
    const tables: [keyof Database, object[]][] = [
      ['group_members', members],
      ['group_tasks', tasks],
      ['group_task_roles', tasks.map((t) => ({ task_id: t.id, group_id: groupId, role: 'member' }))],
      ['group_tags', tags],
      ['loops', loops],
      ['loop_tags', loopTags],
      ['loop_comments', comments],
    ]
    for (const [table, rows] of tables)
      for (const batch of batches(rows, ROWS_PER_INSERT))
        // Kysely's generic insert typing does not follow a table name held in a variable.
        await trx
          .insertInto(table)
          .values(batch as never)
          .execute()
  })
  return `${BENCH_WORK_GROUP}: ${generated.length + 1} members, ${tasks.length} tasks, ${loops.length} loops`
}
