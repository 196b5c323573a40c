import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { createUser } from '../../../tests/support/factories'
import { mailsTo } from '../../../tests/support/feedback-setup'
import { createLoop, createTask, follow } from '../../../tests/support/group-work-factories'
import { createGroup, createOrganization } from '../../../tests/support/org-factories'
import { DIGEST_MAX_LOOPS, sendDueDigests } from './loop-digest.server'

/*
 * The week of Monday 23 November 2026 (Stockholm: UTC+1). Its digest is due from Monday 30
 * November 07:00 local time: 06:00 UTC in Stockholm, 12:00 UTC in New York (UTC-5).
 */
const MONDAY_0730_STOCKHOLM = new Date('2026-11-30T06:30:00Z')

async function world(subscriberOverrides: Partial<User> = {}) {
  const [owner, pupil, other, subscriber, lonely] = await Promise.all([
    createUser({ name: 'Olga Owner' }),
    createUser({ name: 'Mia Author' }),
    createUser({ name: 'Otto Other' }),
    createUser({ name: 'Sara Subscriber', ...subscriberOverrides }),
    createUser({ name: 'Lone Subscriber' }),
  ])
  const org = await createOrganization()
  const group = await createGroup(org.id, {
    ownerId: owner.id,
    name: 'Bild 7A',
    memberIds: [pupil.id, other.id, [subscriber.id, 'subscriber'], [lonely.id, 'subscriber']],
  })
  await follow(group.id, subscriber.id, pupil.id)
  const task = await createTask(group.id, { title: 'Praktik dag 1' })
  const long = `${'Idag lärde jag mig att svetsa. '.repeat(10)}SLUTET`
  const loops = {
    report: await createLoop(group.id, pupil.id, { taskId: task.id, text: long, emotion: 4, created: new Date('2026-11-24T13:05:00Z') }),
    free: await createLoop(group.id, pupil.id, { text: 'En fri tanke', emotion: 2, created: new Date('2026-11-27T08:00:00Z') }),
    // Sunday 22 November 23:30 Stockholm: the week before.
    before: await createLoop(group.id, pupil.id, { text: 'Förra veckan', created: new Date('2026-11-22T22:30:00Z') }),
    // Monday 30 November 00:10 Stockholm: this week.
    after: await createLoop(group.id, pupil.id, { text: 'Den här veckan', created: new Date('2026-11-29T23:10:00Z') }),
    notFollowed: await createLoop(group.id, other.id, { text: 'Någon annans', created: new Date('2026-11-25T10:00:00Z') }),
  }
  return { owner, pupil, other, subscriber, lonely, org, group, task, loops, long }
}

describe('sendDueDigests', () => {
  it('sends a subscriber the week’s loops of the members they follow, in Swedish, once', async () => {
    const w = await world()
    expect(await sendDueDigests(db(), new Date('2026-11-30T05:50:00Z'))).toBe(0) // 06:50 in Stockholm: not yet
    await sendDueDigests(db(), MONDAY_0730_STOCKHOLM)
    const [mail, ...more] = await mailsTo(w.subscriber.email)
    expect(more).toEqual([])
    expect(mail.subject).toBe('Veckans loopar: 2 loopar av medlemmar du följer')
    const text = mail.text_body
    expect(text).toContain('Hej Sara Subscriber,')
    expect(text).toContain('från 23 november till 29 november')
    expect(text).toContain('Bild 7A')
    expect(text).toContain('- Mia Author · ”Praktik dag 1” · känsloläge 4 av 5 (Bra) · tis 24 nov. 14:05')
    expect(text).toContain('- Mia Author · fri loop · känsloläge 2 av 5 (Dåligt)')
    expect(text).toContain(`  “${w.long.slice(0, 200).trimEnd()}…”`)
    expect(text).not.toContain('SLUTET')
    expect(text).toContain(`Läs loopen: http://localhost:3000/groups/${w.group.id}/loops/${w.loops.report.id}`)
    expect(text).toContain(`/users/${w.subscriber.id}/preferences/notifications`)
    for (const absent of ['Förra veckan', 'Den här veckan', 'Någon annans', 'Otto Other']) expect(text).not.toContain(absent)

    // Again, later that week, from another process: nothing more.
    expect(await sendDueDigests(db(), new Date('2026-12-02T12:00:00Z'))).toBe(0)
    expect(await mailsTo(w.subscriber.email)).toHaveLength(1)
    const rows = await db().selectFrom('loop_digests').selectAll().where('user_id', 'in', [w.subscriber.id, w.lonely.id]).execute()
    expect(rows.map((r) => [r.user_id, r.week, Number(r.loop_count)])).toEqual([[w.subscriber.id, '2026-11-23', 2]])
    // The subscriber who follows no one gets nothing; nor do the owner and the members.
    for (const user of [w.lonely, w.owner, w.pupil, w.other]) expect(await mailsTo(user.email)).toEqual([])
  })

  it('reads the week and the hour in the subscriber’s time zone and writes in their language', async () => {
    const w = await world({ locale: 'en', timezone: 'America/New_York' })
    // A loop on Sunday 29 November 20:00 in New York (Monday 02:00 in Stockholm): last week in New York.
    await createLoop(w.group.id, w.pupil.id, { text: 'Sunday evening', emotion: 5, created: new Date('2026-11-30T01:00:00Z') })
    await sendDueDigests(db(), MONDAY_0730_STOCKHOLM) // 01:30 in New York
    expect(await mailsTo(w.subscriber.email)).toEqual([])
    await sendDueDigests(db(), new Date('2026-11-30T12:30:00Z')) // 07:30 in New York
    const [mail] = await mailsTo(w.subscriber.email)
    // Sunday evening in New York is last week there, and so is the loop of Monday 00:10 in Stockholm (Sunday 18:10).
    expect(mail.subject).toBe('Your weekly loops: 4 loops by members you follow')
    expect(mail.text_body).toContain('Den här veckan')
    expect(mail.text_body).toContain('Hi Sara Subscriber,')
    expect(mail.text_body).toContain('from 23 November to 29 November')
    expect(mail.text_body).toContain('- Mia Author · “Praktik dag 1” · feeling 4 of 5 (Good) · Tue 24 Nov, 08:05')
    expect(mail.text_body).toContain('Sunday evening')
    // Sunday 22 November 17:30 in New York: the week before there too.
    expect(mail.text_body).not.toContain('Förra veckan')
  })

  it('sends nothing to a subscriber who turned it off, nor about members they no longer follow or an inactive group', async () => {
    const off = await world({ unsubscribed_templates: JSON.stringify(['loop.digest']) })
    const unfollowed = await world()
    await db().deleteFrom('group_follows').where('subscriber_id', '=', unfollowed.subscriber.id).execute()
    const inactive = await world()
    await db().updateTable('groups').set({ active: 0 }).where('id', '=', inactive.group.id).execute()
    await sendDueDigests(db(), MONDAY_0730_STOCKHOLM)
    for (const w of [off, inactive]) expect(await mailsTo(w.subscriber.email)).toEqual([])
    expect(await mailsTo(unfollowed.subscriber.email)).toEqual([])
    // Turned on again within the week: last week's digest still comes.
    await db().updateTable('users').set({ unsubscribed_templates: '[]' }).where('id', '=', off.subscriber.id).execute()
    await sendDueDigests(db(), new Date('2026-12-01T10:00:00Z'))
    expect(await mailsTo(off.subscriber.email)).toHaveLength(1)
  })

  it('is sent once when several processes run the job at the same moment, and lists at most DIGEST_MAX_LOOPS loops', async () => {
    const w = await world()
    for (let i = 0; i < DIGEST_MAX_LOOPS + 3; i++)
      await createLoop(w.group.id, w.pupil.id, {
        text: `<b>Loop ${i}</b>`,
        created: new Date(Date.parse('2026-11-25T08:00:00Z') + i * 60_000),
      })
    await Promise.all([
      sendDueDigests(db(), MONDAY_0730_STOCKHOLM),
      sendDueDigests(db(), MONDAY_0730_STOCKHOLM),
      sendDueDigests(db(), MONDAY_0730_STOCKHOLM),
    ])
    const mails = await mailsTo(w.subscriber.email)
    expect(mails).toHaveLength(1)
    expect(mails[0].subject).toBe(`Veckans loopar: ${DIGEST_MAX_LOOPS + 5} loopar av medlemmar du följer`)
    expect(mails[0].text_body.match(/Läs loopen:/g)).toHaveLength(DIGEST_MAX_LOOPS)
    expect(mails[0].text_body).toContain(`och 5 loopar till i den här gruppen: http://localhost:3000/groups/${w.group.id}/loops`)
    expect(mails[0].html_body).toContain('&lt;b&gt;Loop 0&lt;/b&gt;')
    expect(mails[0].html_body).not.toContain('<b>Loop')
  })
})
