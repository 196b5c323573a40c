import type { Insertable, Transaction } from 'kysely'
import { batches } from '~/db/batches'
import type { DB } from '~/db/db.server'
import type { Database, GroupRole } from '~/db/schema'
import { newId } from '~/utils/ids.server'
import { seededRandom } from '~/utils/seeded-random'

const DAY = 86_400_000
const HOUR = 3_600_000
const iso = (ms: number) => new Date(ms).toISOString()

/** The demo group where every part of group work shows the moment a demo account signs in. */
export const DEMO_WORK_GROUP = 'Skolstart 7B'
/** The package it was made from (library-seed.server.ts). */
const DEMO_PACKAGE = 'Skolstart i årskurs 7'

type Row<T extends keyof Database> = Insertable<Database[T]>

interface WorkRows {
  tasks: Row<'group_tasks'>[]
  taskRoles: Row<'group_task_roles'>[]
  tags: Row<'group_tags'>[]
  loops: Row<'loops'>[]
  loopTags: Row<'loop_tags'>[]
  comments: Row<'loop_comments'>[]
  follows: Row<'group_follows'>[]
  reads: Row<'loop_reads'>[]
}

const TAGS: [name: string, description: string][] = [
  ['Samarbete', 'Jag arbetade tillsammans med andra'],
  ['Kreativitet', 'Jag kom på något nytt'],
  ['Uthållighet', 'Jag gav inte upp när det var svårt'],
  ['Utanför komfortzonen', 'Jag gjorde något jag inte vågat förut'],
  ['Ansvar', 'Jag tog ansvar för min del'],
]

/** The leader's own tasks for the pupils, besides the package's: [title, description, days after the group started, due after days]. */
const OWN_TASKS: [string, string, number, number | null][] = [
  ['Första veckan: vad överraskade dig?', 'Skriv om något som var annorlunda mot mellanstadiet.', 2, 7],
  ['Grupparbete: bygg en bro av papper', 'Ni får 20 ark och en tejprulle. Hur fördelade ni arbetet?', 9, 10],
  ['Redovisa för klassen', 'Hur kändes det att stå framför klassen? Vad gick bra?', 16, 18],
  ['Veckoreflektion vecka 4', 'Vad har du lärt dig om dig själv den här veckan?', 23, 28],
]

const REFLECTIONS = [
  'Det gick bättre än jag trodde. Jag var nervös i början men sedan kändes det lugnt.',
  'Vi hade svårt att komma överens om hur vi skulle börja, men till slut lyssnade alla på varandra.',
  'Jag tyckte det var jobbigt och vet inte riktigt vad jag skulle göra. Jag behöver hjälp nästa gång.',
  'Roligt! Jag lärde mig att man kan testa flera idéer innan man bestämmer sig.',
  'Jag tog ansvar för att hålla tiden och det fungerade bra.',
  'Det var tråkigt och jag förstod inte varför vi skulle göra det.',
  'Jag vågade säga vad jag tyckte fast jag var osäker. Det känns bra nu efteråt.',
  'Min grupp var jättebra. Vi blev klara först och hjälpte en annan grupp.',
  'Jag glömde mina saker hemma och blev stressad hela dagen.',
  'Jag gav inte upp fast det tog lång tid. Till slut höll bron!',
]

const COMMENTS = [
  'Bra reflekterat! Vad skulle du göra annorlunda nästa gång?',
  'Tack för att du skriver så ärligt. Vi pratar mer om det på mentorstiden.',
  'Vad roligt att det gick bra! Det syns att du har jobbat.',
  'Jag förstår att det var jobbigt. Kom gärna och prata med mig i morgon.',
]

/**
 * The demo group of group work: Erik's "Skolstart 7B" in the demo organization, made from the
 * library's "Skolstart i årskurs 7" five weeks ago: the package's tasks (Mentor → leader, Elev →
 * member, Vårdnadshavare → subscriber) and Erik's own, published week by week (one still a draft,
 * one due to publish next week); five tags; loops by fourteen pupils and Emma over four weeks with
 * every emotional value, comments, approved reports; Sofia (a mentor, subscriber) following Emma
 * and one pupil. Erik has read all but the newest loops; Emma has an unanswered comment. Skipped
 * (null) when the group exists.
 */
export async function seedGroupWork(db: DB, people: { erikId: string; emmaId: string; sofiaId: string }): Promise<string | null> {
  const org = await db.selectFrom('organizations').select('id').where('name', '=', 'Exempelskolan').executeTakeFirst()
  if (!org) return null
  if (
    await db.selectFrom('groups').select('id').where('organization_id', '=', org.id).where('name', '=', DEMO_WORK_GROUP).executeTakeFirst()
  )
    return null
  const pupils = await db
    .selectFrom('organization_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name'])
    .where('m.organization_id', '=', org.id)
    .where('u.password_hash', 'is', null)
    .orderBy('u.created_at')
    .limit(14)
    .execute()
  const pkg = await db.selectFrom('packages').select('id').where('name', '=', DEMO_PACKAGE).executeTakeFirst()
  const entities = pkg
    ? await db
        .selectFrom('package_entities as e')
        .innerJoin('package_roles as r', 'r.id', 'e.role_id')
        .select(['e.title', 'e.instructions', 'e.kind', 'e.day_offset', 'r.position as role_position', 'r.name as role_name'])
        .where('e.package_id', '=', pkg.id)
        .orderBy('e.position')
        .execute()
    : []

  const rnd = seededRandom(7)
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1))
  const now = Date.now()
  const start = now - 35 * DAY
  const groupId = newId()
  const members: [string, GroupRole][] = [
    [people.erikId, 'owner'],
    [people.emmaId, 'member'],
    [people.sofiaId, 'subscriber'],
    ...pupils.map((p) => [p.id, 'member'] as [string, GroupRole]),
  ]
  const rows: WorkRows = { tasks: [], taskRoles: [], tags: [], loops: [], loopTags: [], comments: [], follows: [], reads: [] }

  // Tasks: the package's (by its roles' order), then Erik's own; published as the weeks went by.
  const packageRole = (position: number): GroupRole => (position === 0 ? 'leader' : position === 1 ? 'member' : 'subscriber')
  const addTask = (
    title: string,
    description: string,
    role: GroupRole,
    publishedAt: number | null,
    dueAt: number | null,
    fromPackage: string,
  ) => {
    const id = newId()
    rows.tasks.push({
      id,
      group_id: groupId,
      package_id: fromPackage ? (pkg?.id ?? null) : null,
      package_role_name: fromPackage,
      title,
      instructions: description,
      position: rows.tasks.length,
      published_at: publishedAt === null ? null : iso(publishedAt),
      due_at: dueAt === null ? null : iso(dueAt),
      created_by: people.erikId,
      created_at: iso(start),
      updated_at: iso(publishedAt ?? start),
    })
    rows.taskRoles.push({ task_id: id, group_id: groupId, role })
    return id
  }
  for (const e of entities) {
    const day = Math.max(0, Number(e.day_offset ?? 0))
    addTask(e.title, e.instructions, packageRole(Number(e.role_position)), start + day * DAY, start + (day + 5) * DAY, e.role_name)
  }
  const pupilTasks: { id: string; publishedAt: number }[] = []
  for (const [title, description, day, due] of OWN_TASKS) {
    const publishedAt = start + day * DAY + 8 * HOUR
    pupilTasks.push({ id: addTask(title, description, 'member', publishedAt, due === null ? null : start + due * DAY, ''), publishedAt })
  }
  addTask('Skriv om praovecka', 'Beskriv en dag på din praoplats.', 'member', now + 7 * DAY, now + 14 * DAY, '')
  addTask('Utvärdering av terminen', 'Utkast: publiceras i slutet av terminen.', 'member', null, null, '')
  for (const e of entities.filter((e) => Number(e.role_position) === 1)) {
    const task = rows.tasks.find((t) => t.title === e.title)!
    pupilTasks.unshift({ id: task.id!, publishedAt: Date.parse(task.published_at!) })
  }

  for (const [name, description] of TAGS)
    rows.tags.push({ id: newId(), group_id: groupId, name, name_key: name.toLowerCase(), description, created_at: iso(start) })

  // Loops: most pupils write on most tasks within a few days of its publishing; every value of the scale occurs.
  const authors = [people.emmaId, ...pupils.map((p) => p.id)]
  for (const task of pupilTasks) {
    for (const [a, authorId] of authors.entries()) {
      if (authorId !== people.emmaId && rnd() < 0.25) continue
      const created = Math.min(now - HOUR, task.publishedAt + int(2, 96) * HOUR)
      const emotion = ((a + rows.loops.length) % 5) + 1
      const id = newId()
      const text = authorId === people.emmaId ? emmaText(rows.loops.length) : REFLECTIONS[int(0, REFLECTIONS.length - 1)]
      rows.loops.push({
        id,
        group_id: groupId,
        task_id: task.id,
        author_id: authorId,
        text,
        emotion,
        created_at: iso(created),
        activity_at: iso(created),
        ...UNTOUCHED,
      })
      for (const tag of rows.tags) if (rnd() < 0.3) rows.loopTags.push({ loop_id: id, tag_id: tag.id!, group_id: groupId })
    }
  }
  // A free loop of Emma's, and one of a pupil's.
  for (const authorId of [people.emmaId, pupils[0]?.id].filter(Boolean) as string[]) {
    const created = now - int(2, 20) * HOUR
    rows.loops.push({
      id: newId(),
      group_id: groupId,
      task_id: null,
      author_id: authorId,
      text: authorId === people.emmaId ? 'Not about a task: I joined the chess club today and won my first game!' : REFLECTIONS[0],
      emotion: 5,
      created_at: iso(created),
      activity_at: iso(created),
      ...UNTOUCHED,
    })
  }

  // Feedback: Erik comments on some loops and approves reports; one thread of Emma's waits for her answer.
  const comment = (loop: Row<'loops'>, authorId: string, text: string, at: number) => {
    rows.comments.push({ id: newId(), loop_id: loop.id!, group_id: groupId, author_id: authorId, text, created_at: iso(at) })
    loop.comment_count = Number(loop.comment_count ?? 0) + 1
    loop.activity_at = iso(at)
  }
  for (const [i, loop] of rows.loops.entries()) {
    const created = Date.parse(loop.created_at)
    if (loop.author_id !== people.emmaId && i % 4 === 0)
      comment(loop, people.erikId, COMMENTS[i % COMMENTS.length], Math.min(now - HOUR, created + 20 * HOUR))
    if (loop.task_id && i % 3 === 0 && created < now - 2 * DAY) {
      loop.approved_by = people.erikId
      loop.approved_at = iso(Math.min(now - HOUR, created + 22 * HOUR))
    }
  }
  const emmas = rows.loops.filter((l) => l.author_id === people.emmaId && l.task_id)
  if (emmas.length >= 2) {
    const [first, second] = emmas
    const at = Date.parse(first.created_at)
    comment(first, people.erikId, 'Great start, Emma! Which of your three goals matters most to you?', at + 5 * HOUR)
    comment(first, people.emmaId, 'Probably the one about speaking more Swedish in class.', at + 9 * HOUR)
    comment(first, people.erikId, 'A good choice. Try to say one thing in Swedish in every lesson this week.', at + 30 * HOUR)
    first.approved_by = people.erikId
    first.approved_at = iso(at + 30 * HOUR)
    comment(
      second,
      people.erikId,
      'Thank you for writing this. How did your group share the work?',
      Math.min(now - 2 * HOUR, Date.parse(second.created_at) + 4 * HOUR),
    )
  }

  // Sofia follows Emma and the first pupil.
  for (const memberId of [people.emmaId, pupils[0]?.id].filter(Boolean) as string[])
    rows.follows.push({ group_id: groupId, subscriber_id: people.sofiaId, member_id: memberId, created_at: iso(start + DAY) })
  // Erik has read every loop older than two days; Emma her own loops up to their last change before the newest comment.
  for (const loop of rows.loops) {
    if (Date.parse(loop.activity_at) < now - 2 * DAY)
      rows.reads.push({ user_id: people.erikId, loop_id: loop.id!, read_at: loop.activity_at })
  }

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('groups')
      .values({
        id: groupId,
        organization_id: org.id,
        name: DEMO_WORK_GROUP,
        kind: 'standard',
        owner_id: people.erikId,
        active: 1,
        member_count: members.length,
        latest_activity_at:
          rows.loops
            .map((l) => l.created_at)
            .sort()
            .at(-1) ?? null,
        created_at: iso(start),
      })
      .execute()
    await trx
      .insertInto('organization_members')
      .values(members.map(([user_id]) => ({ organization_id: org.id, user_id, created_at: iso(start - DAY) })))
      .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doNothing())
      .execute()
    await trx
      .insertInto('group_members')
      .values(
        members.map(([user_id, role]) => ({ group_id: groupId, user_id, role, created_at: iso(start + (role === 'owner' ? 0 : HOUR)) })),
      )
      .execute()
    await insertRows(trx, rows)
  })
  const [first, second] = rows.loops.filter((l) => l.author_id === people.emmaId && l.task_id)
  const lastComment = (loopId: string) => rows.comments.filter((c) => c.loop_id === loopId).at(-1)?.created_at
  // Imported here: the notices load the mail templates, which read the configuration (scripts/db.ts checks it is not production first).
  const { seedGroupWorkNotices } = await import('./group-work-notices.server')
  await seedGroupWorkNotices(db, {
    erikId: people.erikId,
    approved: first?.approved_at ? { loopId: first.id!, at: first.approved_at } : null,
    question: second && lastComment(second.id!) ? { loopId: second.id!, at: lastComment(second.id!)! } : null,
    recent: rows.loops.filter((l) => Date.parse(l.created_at) > now - 2 * DAY).map((l) => ({ loopId: l.id!, at: l.created_at })),
  })
  return `${DEMO_WORK_GROUP}: ${rows.tasks.length} tasks, ${rows.tags.length} tags, ${rows.loops.length} loops, ${rows.comments.length} comments`
}

const EMMA_TEXTS = [
  'I wrote three goals: speak more Swedish, join a club and finish my homework on time.',
  'Our bridge held 14 books! I was in charge of measuring, and we argued a bit about the design.',
  'Presenting in front of the class was scary. My voice was shaking, but people listened.',
  'This week I learned that I am braver than I thought.',
  'I read the handbook. The rules about phones were new to me.',
  'Hard week. I missed the bus twice and felt behind in everything.',
]
/** Every loop row names every column: a multi-row insert fills a column some rows lack with null. */
const UNTOUCHED = { edited_at: null, approved_by: null, approved_at: null, comment_count: 0, photo_count: 0 }

const emmaText = (n: number) => EMMA_TEXTS[n % EMMA_TEXTS.length]

/** Rows per multi-row insert: (columns × rows) stays far below the bound-parameter limits. */
const ROWS_PER_INSERT = 400

async function insertRows(trx: Transaction<Database>, rows: WorkRows) {
  const tables: [keyof Database, object[]][] = [
    ['group_tasks', rows.tasks],
    ['group_task_roles', rows.taskRoles],
    ['group_tags', rows.tags],
    ['loops', rows.loops],
    ['loop_tags', rows.loopTags],
    ['loop_comments', rows.comments],
    ['group_follows', rows.follows],
    ['loop_reads', rows.reads],
  ]
  for (const [table, list] of tables)
    for (const batch of batches(list, ROWS_PER_INSERT))
      // Kysely's generic insert typing does not follow a table name held in a variable.
      await trx
        .insertInto(table)
        .values(batch as never)
        .execute()
}
