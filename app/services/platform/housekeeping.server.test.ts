import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EMAIL_REQUESTS, takeAttempt } from '~/auth/rate-limit.server'
import { createSession, SESSION_MAX_AGE_SECONDS } from '~/auth/session.server'
import { issueToken } from '~/auth/tokens.server'
import { db } from '~/db/db.server'
import { deliverDueMail } from '~/mail/outbox-worker.server'
import { enqueueMail } from '~/mail/outbox.server'
import { addSeconds, newId, nowIso } from '~/utils/ids.server'
import { createUser } from '../../../tests/support/factories'
import { createOrganization } from '../../../tests/support/org-factories'
import { RATE_LIMIT_STALE_SECONDS, runHousekeeping, startHousekeeping } from './housekeeping.server'

const HOUR = 3600
const DAY = 24 * HOUR
const TABLES = ['sessions', 'tokens', 'rate_limits', 'mail_outbox', 'audit_log'] as const

async function counts() {
  const out: Record<string, number> = {}
  for (const table of TABLES) {
    const row = await db()
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    out[table] = Number(row.n)
  }
  return out
}

beforeEach(async () => {
  for (const table of [...TABLES, 'telemetry_events'] as const) await db().deleteFrom(table).execute()
})

describe('runHousekeeping', () => {
  it('deletes exactly what has expired and keeps the rest', async () => {
    const now = new Date('2030-03-10T12:00:00.000Z')
    const at = (seconds: number) => addSeconds(now, seconds).toISOString()
    const user = await createUser()
    const org = await createOrganization()

    await db()
      .insertInto('sessions')
      .values([
        { id_hash: 'gone-expired', user_id: user.id, created_at: at(-13 * HOUR), last_seen_at: at(-HOUR), expires_at: at(-HOUR) },
        { id_hash: 'gone-now', user_id: user.id, created_at: at(-12 * HOUR), last_seen_at: at(-60), expires_at: at(0) },
        { id_hash: 'kept', user_id: user.id, created_at: at(-11 * HOUR), last_seen_at: at(-60), expires_at: at(1) },
      ])
      .execute()
    const token = (id: string, expires: number, used: boolean) => ({
      id,
      user_id: user.id,
      purpose: 'password-reset' as const,
      token_hash: `hash-${id}`,
      created_at: at(-2 * HOUR),
      expires_at: at(expires),
      used_at: used ? at(-HOUR) : null,
      data: null,
    })
    await db()
      .insertInto('tokens')
      .values([token('gone-unused', -1, false), token('gone-used', -1, true), token('kept-unused', 1, false), token('kept-used', 1, true)])
      .execute()
    const challenge = (id: string, expiresIn: number, used: boolean) => ({
      id,
      challenge_hash: `hash-${id}`,
      purpose: 'authentication' as const,
      user_id: null,
      created_at: at(-5 * 60),
      expires_at: at(expiresIn),
      used_at: used ? at(-1) : null,
    })
    await db()
      .insertInto('passkey_challenges')
      .values([
        challenge('gone-unused', -1, false),
        challenge('gone-used', -1, true),
        challenge('kept-unused', 1, false),
        challenge('kept-used', 1, true),
      ])
      .execute()
    const stale = -RATE_LIMIT_STALE_SECONDS
    await db()
      .insertInto('rate_limits')
      .values([
        { key: 'gone-stale', failures: 3, first_failure_at: at(stale - 1), blocked_until: null },
        { key: 'gone-block-over', failures: 9, first_failure_at: at(stale - 1), blocked_until: at(-1) },
        { key: 'kept-still-blocked', failures: 9, first_failure_at: at(stale - 1), blocked_until: at(60) },
        { key: 'kept-recent', failures: 1, first_failure_at: at(stale + 1), blocked_until: null },
      ])
      .execute()
    const mail = (id: string, status: 'sent' | 'failed' | 'dead' | 'pending', sentAgo: number | null) => ({
      id,
      to_address: `${id}@example.se`,
      subject: 's',
      text_body: 't',
      html_body: 'h',
      created_at: at(-30 * DAY),
      status,
      sent_at: sentAgo === null ? null : at(-sentAgo),
      next_attempt_at: status === 'sent' || status === 'dead' ? null : at(-30 * DAY),
    })
    await db()
      .insertInto('mail_outbox')
      .values([
        mail('gone-sent', 'sent', 7 * DAY + 1),
        mail('kept-sent', 'sent', 7 * DAY - 1),
        mail('kept-dead', 'dead', null),
        mail('kept-failed', 'failed', null),
        mail('kept-pending', 'pending', null),
      ])
      .execute()
    const audit = (id: string, ago: number) => ({ id, organization_id: org.id, actor_id: null, action: 'test', created_at: at(-ago) })
    await db()
      .insertInto('audit_log')
      .values([audit('old', 400 * DAY), audit('recent', 10 * DAY)])
      .execute()
    const telemetry = (id: string, ago: number) => ({
      id,
      kind: 'vital' as const,
      name: 'LCP',
      route: '/',
      value: 1,
      message: null,
      app_version: 'v',
      created_at: at(-ago),
    })
    await db()
      .insertInto('telemetry_events')
      .values([telemetry('gone-31-days', 30 * DAY + 1), telemetry('kept-29-days', 30 * DAY - 1)])
      .execute()

    const ids = async () => ({
      sessions: (await db().selectFrom('sessions').select('id_hash').orderBy('id_hash').execute()).map((r) => r.id_hash),
      tokens: (await db().selectFrom('tokens').select('id').orderBy('id').execute()).map((r) => r.id),
      passkey_challenges: (await db().selectFrom('passkey_challenges').select('id').orderBy('id').execute()).map((r) => r.id),
      rate_limits: (await db().selectFrom('rate_limits').select('key').orderBy('key').execute()).map((r) => r.key),
      mail_outbox: (await db().selectFrom('mail_outbox').select('id').orderBy('id').execute()).map((r) => r.id),
      audit_log: (await db().selectFrom('audit_log').select('id').orderBy('id').execute()).map((r) => r.id),
      telemetry_events: (await db().selectFrom('telemetry_events').select('id').orderBy('id').execute()).map((r) => r.id),
    })

    // Audit entries are kept unless a retention is configured.
    expect(await runHousekeeping(db(), { mailRetentionDays: 7 }, now)).toEqual({
      sessions: 2,
      tokens: 2,
      passkey_challenges: 2,
      rate_limits: 2,
      mail_outbox: 1,
      audit_log: 0,
      telemetry_events: 1,
    })
    expect(await ids()).toEqual({
      sessions: ['kept'],
      tokens: ['kept-unused', 'kept-used'],
      passkey_challenges: ['kept-unused', 'kept-used'],
      rate_limits: ['kept-recent', 'kept-still-blocked'],
      mail_outbox: ['kept-dead', 'kept-failed', 'kept-pending', 'kept-sent'],
      audit_log: ['old', 'recent'],
      telemetry_events: ['kept-29-days'],
    })
    expect(await runHousekeeping(db(), { mailRetentionDays: 7, auditRetentionDays: 365 }, now)).toEqual({
      sessions: 0,
      tokens: 0,
      passkey_challenges: 0,
      rate_limits: 0,
      mail_outbox: 0,
      audit_log: 1,
      telemetry_events: 0,
    })
    expect((await ids()).audit_log).toEqual(['recent'])
  })

  it('deletes in batches until nothing expired is left', async () => {
    const user = await createUser()
    const now = new Date('2030-03-10T12:00:00.000Z')
    const rows = Array.from({ length: 23 }, (_, i) => ({
      id_hash: `s-${i}`,
      user_id: user.id,
      created_at: addSeconds(now, -DAY).toISOString(),
      last_seen_at: addSeconds(now, -DAY).toISOString(),
      expires_at: addSeconds(now, -i - 1).toISOString(),
    }))
    await db().insertInto('sessions').values(rows).execute()
    const statements: string[] = []
    const spy = vi.spyOn(db().getExecutor(), 'executeQuery')
    try {
      expect((await runHousekeeping(db(), { mailRetentionDays: 7, batchSize: 5 }, now)).sessions).toBe(23)
      for (const call of spy.mock.calls) statements.push(call[0].sql)
    } finally {
      spy.mockRestore()
    }
    // 23 rows in batches of 5: five deletes that each take at most five rows.
    expect(statements.filter((s) => /^delete from "sessions"/.test(s))).toHaveLength(5)
    expect(statements.every((s) => !/^delete/.test(s) || /limit/.test(s))).toBe(true)
    expect((await counts()).sessions).toBe(0)
  })
})

describe('a week of traffic', () => {
  it('leaves every table bounded by its retention, not by the time the app has run', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => createUser()))
    const org = await createOrganization()
    const policy = { mailRetentionDays: 1, auditRetentionDays: 2 }
    const transport = async () => {}
    const PER_HOUR = 4
    let now = new Date(Date.now() + 60_000)
    const peak: Record<string, number> = {}
    let generated = 0

    for (let hour = 0; hour < 7 * 24; hour++) {
      for (let i = 0; i < PER_HOUR; i++) {
        const user = users[i % users.length]
        const at = addSeconds(now, (i * HOUR) / PER_HOUR)
        await createSession(db(), user.id, 'password', { now: at })
        await issueToken(db(), user.id, i % 2 ? 'verify-email' : 'password-reset', null, at)
        await takeAttempt(db(), `email:h${hour}-${i}@example.se`, EMAIL_REQUESTS, at)
        await enqueueMail(db(), { to: user.email, subject: 's', text: 't', html: 'h' }, at)
        await db()
          .insertInto('audit_log')
          .values({ id: newId(), organization_id: org.id, actor_id: user.id, action: 'test', created_at: nowIso(at) })
          .execute()
        generated++
      }
      now = addSeconds(now, HOUR)
      await deliverDueMail({ db: db(), transport, now: () => now, log: { info() {}, warn() {}, error() {} } })
      await runHousekeeping(db(), policy, now)
      if (hour >= 3 * 24) for (const [table, n] of Object.entries(await counts())) peak[table] = Math.max(peak[table] ?? 0, n)
    }

    // What each table may hold: an hour's traffic times how many hours it is kept, plus an hour.
    const keptHours = {
      sessions: SESSION_MAX_AGE_SECONDS / HOUR,
      tokens: 24, // issueToken keeps one live token per user and purpose; the longest lives a day
      rate_limits: RATE_LIMIT_STALE_SECONDS / HOUR,
      mail_outbox: policy.mailRetentionDays * 24,
      audit_log: policy.auditRetentionDays * 24,
    }
    for (const table of TABLES) {
      expect(peak[table], table).toBeLessThanOrEqual(PER_HOUR * (keptHours[table] + 1))
      expect(peak[table], table).toBeGreaterThan(0)
    }
    expect(generated).toBe(7 * 24 * PER_HOUR)
    // Without housekeeping each table would hold all of it.
    for (const table of TABLES) expect(peak[table]).toBeLessThan(generated / 3)
  }, 120_000)
})

describe('startHousekeeping', () => {
  afterEach(() => vi.useRealTimers())

  it('runs a pass soon after start and then every interval, until stopped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const user = await createUser()
    const expired = (id: string) => ({
      id_hash: id,
      user_id: user.id,
      created_at: '2020-01-01T00:00:00.000Z',
      last_seen_at: '2020-01-01T00:00:00.000Z',
      expires_at: '2020-01-01T12:00:00.000Z',
    })
    await db().insertInto('sessions').values(expired('first')).execute()
    const log = { info: vi.fn(), error: vi.fn() }
    const job = startHousekeeping(db(), { intervalSeconds: 600, mailRetentionDays: 7 }, { log })
    await vi.advanceTimersByTimeAsync(5_000)
    await vi.waitFor(() => expect(log.info).toHaveBeenCalledTimes(1))
    expect((await counts()).sessions).toBe(0)

    await db().insertInto('sessions').values(expired('second')).execute()
    await vi.advanceTimersByTimeAsync(599_000)
    expect((await counts()).sessions).toBe(1)
    await vi.advanceTimersByTimeAsync(1_000)
    await vi.waitFor(() => expect(log.info).toHaveBeenCalledTimes(2))
    expect((await counts()).sessions).toBe(0)

    await job.stop()
    await db().insertInto('sessions').values(expired('third')).execute()
    await vi.advanceTimersByTimeAsync(3_600_000)
    expect((await counts()).sessions).toBe(1)
    expect(log.error).not.toHaveBeenCalled()
  })
})
