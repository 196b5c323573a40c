import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { readToast } from '~/http/toast.server'
import { tFor } from '~/i18n/i18n.server'
import { alertsOf, feedbackGroup, loopRow } from '../../../../tests/support/feedback-setup'
import { args, cookiesFrom, makeRequest, run, sessionCookieFor } from '../../../../tests/support/factories'
import { action as approvalAction, loader as approvalLoader } from './approval'
import { action as commentAction } from './comments'

/*
 * The feedback forms' resource routes, as a browser without JavaScript posts them: each answers
 * with a redirect to the loop page and a toast, keeps an unsent comment in the page's URL, and
 * gives the not-found page to anyone who may not see the loop.
 */

const post = async (which: 'comments' | 'approval', user: User, groupId: string, loopId: string, form: Record<string, string>) => {
  const path = `/groups/${groupId}/loops/${loopId}/${which}`
  const fn = which === 'comments' ? commentAction : approvalAction
  return run(async () => fn(args(makeRequest(path, { form, cookie: await sessionCookieFor(user) }), { groupId, loopId })))
}

const toastOf = async (headers: Headers) => {
  const toast = (await readToast(new Request('http://localhost/', { headers: { Cookie: cookiesFrom(headers) } }))).toast
  return toast && { type: toast.type, text: tFor('en')(toast.key, toast.values) as string }
}

const commentsOf = (loopId: string) => db().selectFrom('loop_comments').select('text').where('loop_id', '=', loopId).execute()

describe('POST /groups/:groupId/loops/:loopId/comments', () => {
  it('sends a comment and an answer, each back to the loop with a toast naming whom it went to', async () => {
    const { people, group, loops } = await feedbackGroup()
    const page = `/groups/${group.id}/loops/${loops.report.id}`
    const sent = await post('comments', people.leader, group.id, loops.report.id, { text: 'Bra jobbat!' })
    expect([sent.status, sent.headers.get('Location')]).toEqual([302, `${page}#loop-feedback`])
    expect(await toastOf(sent.headers)).toEqual({ type: 'success', text: 'Your comment to Mia Author is sent.' })
    const answered = await post('comments', people.author, group.id, loops.report.id, { text: 'Tack!' })
    expect(await toastOf(answered.headers)).toEqual({ type: 'success', text: 'Your answer is sent.' })
    expect((await commentsOf(loops.report.id)).map((c) => c.text)).toEqual(['Bra jobbat!', 'Tack!'])
    expect((await alertsOf(people.author.id)).map((a) => a.template)).toEqual(['loop.comment'])
  })

  it('keeps an unsent comment in the loop page’s address, with the reason as a toast', async () => {
    const { people, group, loops } = await feedbackGroup()
    const page = `/groups/${group.id}/loops/${loops.report.id}`
    const long = 'å'.repeat(2001)
    const tooLong = await post('comments', people.leader, group.id, loops.report.id, { text: long })
    const location = new URL(tooLong.headers.get('Location')!, 'http://localhost')
    expect(location.pathname).toBe(page)
    expect(location.searchParams.get('comment')).toBe('å'.repeat(2000))
    expect(await toastOf(tooLong.headers)).toEqual({ type: 'error', text: 'A comment can be at most 2,000 characters.' })
    const empty = await post('comments', people.leader, group.id, loops.report.id, { text: '  ' })
    expect(empty.headers.get('Location')).toBe(`${page}#loop-feedback`)
    expect(await toastOf(empty.headers)).toEqual({ type: 'error', text: 'This field is required.' })
    // A subscriber reads the thread but may not write in it: refused, the text kept.
    const refused = await post('comments', people.subscriber, group.id, loops.report.id, { text: 'Hej' })
    expect(refused.headers.get('Location')).toBe(`${page}?comment=Hej#loop-feedback`)
    expect((await toastOf(refused.headers))?.type).toBe('error')
    expect(await commentsOf(loops.report.id)).toEqual([])
  })

  it('is the not-found page for anyone who may not see the loop', async () => {
    const { people, group, loops } = await feedbackGroup()
    for (const who of ['other', 'lonelySubscriber', 'admin', 'stranger'] as const)
      expect((await post('comments', people[who], group.id, loops.report.id, { text: 'Hej' })).status, who).toBe(404)
    expect(await commentsOf(loops.report.id)).toEqual([])
  })
})

describe('POST /groups/:groupId/loops/:loopId/approval', () => {
  it('approves a report and takes the approval back, naming it; refuses a free loop and others', async () => {
    const { people, group, loops } = await feedbackGroup()
    const approved = await post('approval', people.leader, group.id, loops.report.id, { approved: '1' })
    expect([approved.status, approved.headers.get('Location')]).toEqual([302, `/groups/${group.id}/loops/${loops.report.id}#loop-feedback`])
    expect(await toastOf(approved.headers)).toEqual({ type: 'success', text: 'The report of Mia Author on “Praktik dag 1” is approved.' })
    expect((await loopRow(loops.report.id)).approved_by).toBe(people.leader.id)
    const back = await post('approval', people.owner, group.id, loops.report.id, { approved: '0' })
    expect(await toastOf(back.headers)).toEqual({
      type: 'success',
      text: 'The approval of the report of Mia Author on “Praktik dag 1” is taken back.',
    })
    expect((await loopRow(loops.report.id)).approved_by).toBeNull()

    const free = await post('approval', people.leader, group.id, loops.freeLoop.id, { approved: '1' })
    expect(await toastOf(free.headers)).toEqual({ type: 'error', text: 'A free loop is not a report, so it cannot be approved.' })
    const author = await post('approval', people.author, group.id, loops.report.id, { approved: '1' })
    expect((await toastOf(author.headers))?.type).toBe('error')
    const bad = await post('approval', people.leader, group.id, loops.report.id, { approved: 'yes' })
    expect((await toastOf(bad.headers))?.type).toBe('error')
    for (const who of ['other', 'admin', 'stranger'] as const)
      expect((await post('approval', people[who], group.id, loops.report.id, { approved: '1' })).status, who).toBe(404)
    expect((await loopRow(loops.report.id)).approved_by).toBeNull()
    expect((await loopRow(loops.freeLoop.id)).approved_by).toBeNull()
  })

  it('answers GET with 405', async () => {
    expect((approvalLoader() as Response).status).toBe(405)
  })
})
