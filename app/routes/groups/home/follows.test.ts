import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { readToast } from '~/http/toast.server'
import { tFor } from '~/i18n/i18n.server'
import { feedbackGroup } from '../../../../tests/support/feedback-setup'
import { args, cookiesFrom, makeRequest, run, sessionCookieFor } from '../../../../tests/support/factories'
import { action, loader } from './route'

/* The members list's follow form: whom a subscriber follows, chosen by the owner and leaders. */

const home = (groupId: string, search = '') => `/groups/${groupId}/home${search}`
const load = async (user: User, path: string, groupId: string) =>
  run(async () => loader(args(makeRequest(path, { cookie: await sessionCookieFor(user) }), { groupId })))
const send = async (user: User, path: string, groupId: string, form: Record<string, string | string[]>) =>
  run(async () => action(args(makeRequest(path, { form, cookie: await sessionCookieFor(user) }), { groupId })))
const toastText = async (headers: Headers) => {
  const toast = (await readToast(new Request('http://localhost/', { headers: { Cookie: cookiesFrom(headers) } }))).toast
  return toast && tFor('en')(toast.key, toast.values ? { ...toast.values, count: Number(toast.values.count ?? 0) } : undefined)
}
const followed = async (groupId: string, subscriberId: string) =>
  (
    await db()
      .selectFrom('group_follows')
      .select('member_id')
      .where('group_id', '=', groupId)
      .where('subscriber_id', '=', subscriberId)
      .execute()
  )
    .map((r) => r.member_id)
    .sort()

describe('the follow form of the members list', () => {
  it('shows counts, opens one subscriber’s form, and saves the checked members with a toast naming them', async () => {
    const { people, group } = await feedbackGroup()
    const page = await load(people.leader, home(group.id), group.id)
    expect(page.data.follows).toEqual({ [people.subscriber.id]: 1 })
    expect(page.data.followForm).toBeNull()
    const opened = await load(people.leader, home(group.id, `?follows=${people.lonelySubscriber.id}`), group.id)
    expect(opened.data.followForm.subscriber).toEqual({ _id: people.lonelySubscriber.id, name: 'Lone Subscriber' })
    expect(opened.data.followForm.members.map((m: { name: string }) => m.name)).toEqual([
      'Lena Leader',
      'Mia Author',
      'Olga Owner',
      'Otto Other',
    ])

    const path = home(group.id, `?follows=${people.lonelySubscriber.id}`)
    const saved = await send(people.leader, path, group.id, {
      intent: 'follows',
      subscriberId: people.lonelySubscriber.id,
      members: [people.author.id, people.other.id],
    })
    expect([saved.status, saved.headers.get('Location')]).toEqual([302, `/groups/${group.id}/home#group-members-title`])
    expect(await toastText(saved.headers)).toBe('Lone Subscriber now follows Mia Author, Otto Other.')
    expect(await followed(group.id, people.lonelySubscriber.id)).toEqual([people.author.id, people.other.id].sort())
    const none = await send(people.owner, path, group.id, { intent: 'follows', subscriberId: people.lonelySubscriber.id })
    expect(await toastText(none.headers)).toBe('Lone Subscriber now follows no one.')
    expect(await followed(group.id, people.lonelySubscriber.id)).toEqual([])
  })

  it('is only for the owner and leaders', async () => {
    const { people, group } = await feedbackGroup()
    // Others see no counts but their own, and no form.
    expect((await load(people.author, home(group.id), group.id)).data.follows).toEqual({})
    expect((await load(people.subscriber, home(group.id), group.id)).data.follows).toEqual({ [people.subscriber.id]: 1 })
    expect((await load(people.author, home(group.id, `?follows=${people.subscriber.id}`), group.id)).data.followForm).toBeNull()
    expect((await load(people.leader, home(group.id, `?follows=${people.author.id}`), group.id)).status).toBe(404)
    const refused = await send(people.author, home(group.id), group.id, { intent: 'follows', subscriberId: people.subscriber.id })
    expect(refused.status).toBe(302)
    expect(await followed(group.id, people.subscriber.id)).toEqual([people.author.id])
    const stranger = await send(people.stranger, home(group.id), group.id, { intent: 'follows', subscriberId: people.subscriber.id })
    expect(stranger.status).toBe(404)
  })
})
