import { db } from '~/db/db.server'
import { createUser } from './factories'
import { createLoop, createTask, follow } from './group-work-factories'
import { createGroup, createOrganization } from './org-factories'

/**
 * A group for feedback tests: every kind of person the visibility table names (owner, leader, the
 * author of a report and of a free loop, another member, a subscriber following the author and one
 * following no one, an admin of the organization outside the group, a stranger), one task, a
 * report on it by the author, a free loop by the author and a report by the other member.
 */
export async function feedbackGroup() {
  const names = [
    'Olga Owner',
    'Lena Leader',
    'Mia Author',
    'Otto Other',
    'Sara Subscriber',
    'Lone Subscriber',
    'Ada Admin',
    'Stig Stranger',
  ]
  const [owner, leader, author, other, subscriber, lonelySubscriber, admin, stranger] = await Promise.all(
    names.map((name, i) => createUser({ name, locale: i % 2 === 0 ? 'sv' : 'en' })),
  )
  const org = await createOrganization({ adminIds: [admin.id] })
  const group = await createGroup(org.id, {
    ownerId: owner.id,
    name: 'Bild 7A',
    memberIds: [[leader.id, 'leader'], author.id, other.id, [subscriber.id, 'subscriber'], [lonelySubscriber.id, 'subscriber']],
  })
  await follow(group.id, subscriber.id, author.id)
  const task = await createTask(group.id, { title: 'Praktik dag 1' })
  const created = new Date(Date.now() - 3_600_000)
  const report = await createLoop(group.id, author.id, { taskId: task.id, created })
  const freeLoop = await createLoop(group.id, author.id, { created })
  const othersReport = await createLoop(group.id, other.id, { taskId: task.id, created })
  return {
    people: { owner, leader, author, other, subscriber, lonelySubscriber, admin, stranger },
    org,
    group,
    task,
    loops: { report, freeLoop, othersReport },
  }
}

export const loopRow = (id: string) => db().selectFrom('loops').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

export const alertsOf = (userId: string) =>
  db().selectFrom('alerts').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').execute()

export const mailsTo = (email: string) => db().selectFrom('mail_outbox').selectAll().where('to_address', '=', email).execute()
