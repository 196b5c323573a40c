import { beforeEach, describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { readToast } from '~/http/toast.server'
import { args, cookiesFrom, createUser, makeRequest, run, sessionCookieFor } from '../../../tests/support/factories'
import { action, loader } from './mail'

const PATH = '/platform/mail'
const load = (cookie?: string) => run(() => loader(args(makeRequest(PATH, { cookie }))))
const post = (form: Record<string, string>, cookie?: string) => run(() => action(args(makeRequest(PATH, { form, cookie }))))
const toastOf = async (headers: Headers) =>
  (await readToast(new Request('http://localhost/', { headers: { Cookie: cookiesFrom(headers) } }))).toast

const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 12, minutes)).toISOString()
async function outboxRow(id: string, status: 'pending' | 'sent' | 'failed' | 'dead', extra: Record<string, unknown> = {}) {
  await db()
    .insertInto('mail_outbox')
    .values({
      id,
      to_address: `${id}@example.se`,
      subject: `Subject ${id}`,
      text_body: 't',
      html_body: 'h',
      created_at: at(0),
      status,
      attempts: status === 'dead' ? 8 : status === 'failed' ? 2 : 0,
      last_error: status === 'dead' || status === 'failed' ? 'connect ECONNREFUSED 127.0.0.1:25' : null,
      next_attempt_at: status === 'dead' || status === 'sent' ? null : at(30),
      ...extra,
    })
    .execute()
}
const rowOf = (id: string) => db().selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

beforeEach(async () => {
  await db().deleteFrom('mail_outbox').execute()
  await outboxRow('dead1', 'dead', { created_at: at(1) })
  await outboxRow('failed1', 'failed', { created_at: at(2) })
  await outboxRow('pending1', 'pending')
  await outboxRow('sent1', 'sent', { sent_at: at(1) })
})

describe('/platform/mail', () => {
  it('is for platform admins only: signed out goes to sign in, anyone else gets 404 and changes nothing', async () => {
    const anonymous = await load()
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('Location')).toBe(`/signin?redirectTo=${encodeURIComponent(PATH)}`)
    expect((await post({ intent: 'retry', id: 'dead1' })).status).toBe(302)

    const user = await createUser()
    const cookie = await sessionCookieFor(user)
    expect((await load(cookie)).status).toBe(404)
    expect((await post({ intent: 'retry', id: 'dead1' }, cookie)).status).toBe(404)
    expect(await rowOf('dead1')).toMatchObject({ status: 'dead', attempts: 8 })
  })

  it('lists dead, then failed mail with the error, attempts and next attempt; not pending or sent mail', async () => {
    const admin = await createUser({ is_platform_admin: 1 })
    const { status, data } = await load(await sessionCookieFor(admin))
    expect(status).toBe(200)
    expect(data.maxAttempts).toBe(8)
    expect(data.mail).toEqual([
      expect.objectContaining({
        id: 'dead1',
        to_address: 'dead1@example.se',
        subject: 'Subject dead1',
        status: 'dead',
        attempts: 8,
        next_attempt_at: null,
        last_error: 'connect ECONNREFUSED 127.0.0.1:25',
      }),
      expect.objectContaining({
        id: 'failed1',
        status: 'failed',
        attempts: 2,
        next_attempt_at: at(30),
        last_error: 'connect ECONNREFUSED 127.0.0.1:25',
      }),
    ])
  })

  it('"Retry now" queues the mail again, due now, with a fresh series of attempts', async () => {
    const admin = await createUser({ is_platform_admin: 1 })
    const cookie = await sessionCookieFor(admin)
    const before = new Date().toISOString()
    const answer = await post({ intent: 'retry', id: 'dead1' }, cookie)
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Location')).toBe(PATH)
    expect(await toastOf(answer.headers)).toEqual({
      key: 'platformMail.toast.retried',
      values: { to: 'dead1@example.se' },
      type: 'success',
    })
    const row = await rowOf('dead1')
    expect(row).toMatchObject({ status: 'pending', attempts: 0 })
    expect(row.next_attempt_at! >= before && row.next_attempt_at! <= new Date().toISOString()).toBe(true)

    // Pending and sent mail, or no such id: nothing to retry; the fresh list is shown.
    for (const id of ['dead1', 'sent1', 'nope']) {
      const stale = await post({ intent: 'retry', id }, cookie)
      expect(stale.status).toBe(302)
      expect(await toastOf(stale.headers)).toMatchObject({ key: 'platformMail.toast.gone', type: 'error' })
    }
    expect(await rowOf('sent1')).toMatchObject({ status: 'sent' })
  })

  it('answers 400 to an unknown intent or a missing id', async () => {
    const admin = await createUser({ is_platform_admin: 1 })
    const cookie = await sessionCookieFor(admin)
    expect((await post({ intent: 'purge', id: 'dead1' }, cookie)).status).toBe(400)
    expect((await post({ intent: 'retry' }, cookie)).status).toBe(400)
    expect(await rowOf('dead1')).toMatchObject({ status: 'dead' })
  })
})
