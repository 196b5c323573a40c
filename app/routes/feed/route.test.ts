import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { FEED_PAGE_SIZE } from '~/services/alerts/feed.server'
import { insertAlert } from '../../../tests/support/alert-factories'
import { args, createUser, makeRequest, sessionCookieFor } from '../../../tests/support/factories'
import { loader } from './route'

type FeedData = Awaited<ReturnType<typeof loader>>

async function feedOf(cookie: string | undefined, path = '/') {
  return (await loader(args(makeRequest(path, { cookie })))) as FeedData
}

describe('the feed at /', () => {
  it('is the welcome when signed out', async () => {
    expect(await feedOf(undefined)).toEqual({ feed: null, seenAt: null })
  })

  it("groups alerts newest first by day in the user's timezone, marks unseen ones, and moves the mark", async () => {
    const user = await createUser({ timezone: 'America/New_York', locale: 'en' })
    const actor = await createUser({ name: 'Greta Garbo' })
    // 03:30 UTC on the 2nd is still the 1st in New York.
    await insertAlert(user.id, {
      created: '2026-03-01T15:00:00.000Z',
      template: 'organization.groupCreator.added',
      actorId: actor.id,
      targetType: 'organization',
      data: { organizationName: 'Kören' },
    })
    await insertAlert(user.id, { created: '2026-03-02T03:30:00.000Z', template: 'no.such.template' })
    await insertAlert(user.id, {
      created: '2026-03-02T15:00:00.000Z',
      template: 'package.shared',
      targetType: 'package',
      data: { packageName: 'Vår' },
    })
    await db().updateTable('users').set({ alerts_seen_at: '2026-03-01T20:00:00.000Z' }).where('id', '=', user.id).execute()
    const cookie = await sessionCookieFor(user)

    const { feed, seenAt } = await feedOf(cookie)
    expect(feed!.days.map((d) => [d.day, d.alerts.map((a) => a.unseen)])).toEqual([
      ['2026-03-02', [true]],
      ['2026-03-01', [true, false]],
    ])
    const [[shared], [fallback, added]] = feed!.days.map((d) => d.alerts)
    expect(added!.text).toBe('Greta Garbo made you a group creator in Kören.')
    // Not an admin or group creator of that organization (any more): no link to a 404.
    expect(added!.href).toBeNull()
    expect(added!.note).toBe('(no longer available)')
    expect(fallback!.text).toBe('You have a new notification from Someone.')
    expect(shared!.text).toBe('Someone shared the package Vår with you.')

    // Viewing moved the mark: nothing is unseen on the next view.
    const stored = await db().selectFrom('users').select('alerts_seen_at').where('id', '=', user.id).executeTakeFirstOrThrow()
    expect(stored.alerts_seen_at).toBe(seenAt)
    const again = await feedOf(cookie)
    expect(again.feed!.days.flatMap((d) => d.alerts).some((a) => a.unseen)).toBe(false)
  })

  it('pages with a cursor: every alert once, in order, and an Older link only while there are more', async () => {
    const user = await createUser()
    const total = FEED_PAGE_SIZE + 5
    // Two alerts share each instant: the cursor must still split between them correctly.
    for (let i = 0; i < total; i++)
      await insertAlert(user.id, { created: new Date(Date.UTC(2026, 0, 1, 0, Math.floor(i / 2))).toISOString() })
    const cookie = await sessionCookieFor(user)
    const first = await feedOf(cookie)
    const firstIds = first.feed!.days.flatMap((d) => d.alerts.map((a) => a.id))
    expect(firstIds).toHaveLength(FEED_PAGE_SIZE)
    expect(first.feed!.nextCursor).toBeTruthy()
    const second = await feedOf(cookie, `/?cursor=${encodeURIComponent(first.feed!.nextCursor!)}`)
    const secondIds = second.feed!.days.flatMap((d) => d.alerts.map((a) => a.id))
    expect(secondIds).toHaveLength(5)
    expect(second.feed!.nextCursor).toBeNull()
    expect(second.feed!.isFirstPage).toBe(false)
    expect(new Set([...firstIds, ...secondIds]).size).toBe(total)
    const created = [...first.feed!.days, ...second.feed!.days].flatMap((d) => d.alerts.map((a) => a.created))
    expect(created).toEqual([...created].sort().reverse())
    // A cursor that is not one the feed gave out is the first page.
    expect((await feedOf(cookie, '/?cursor=bogus')).feed!.isFirstPage).toBe(true)
  })

  it("never shows another user's alerts", async () => {
    const user = await createUser()
    const other = await createUser()
    await insertAlert(other.id)
    const { feed } = await feedOf(await sessionCookieFor(user))
    expect(feed!.days).toEqual([])
  })
})
