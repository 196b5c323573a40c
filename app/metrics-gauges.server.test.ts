import { randomBytes } from 'node:crypto'
import { register } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { enqueueMail } from '~/mail/outbox.server'
import { ctxFor } from '~/services/context.server'
import { signIn } from '~/services/accounts/users.server'
import { expectCode } from '../tests/support/expect-code'
import { createUser } from '../tests/support/factories'
import { outboxBacklog, registerScrapeGauges } from './metrics-gauges.server'

const mail = (to: string) => ({ to, subject: 'Hej', text: 'Hej', html: '<p>Hej</p>' })

/** The value of one series in the default registry's text, or undefined when absent. */
async function valueOf(series: string) {
  const text = await register.metrics()
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('metrics read at each scrape', () => {
  it("gives the outbox's pending, failed and dead mail and the age of the oldest unsent", async () => {
    registerScrapeGauges()
    registerScrapeGauges() // a second call (a module loaded again) registers nothing twice
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000)
    await enqueueMail(db(), mail('a@example.se'), twoHoursAgo)
    await enqueueMail(db(), mail('b@example.se'))
    const failed = await enqueueMail(db(), mail('c@example.se'))
    const dead = await enqueueMail(db(), mail('d@example.se'), new Date(Date.now() - 48 * 3600_000))
    const sent = await enqueueMail(db(), mail('e@example.se'), new Date(Date.now() - 72 * 3600_000))
    const set = (id: string, status: 'failed' | 'dead' | 'sent') =>
      db().updateTable('mail_outbox').set({ status }).where('id', '=', id).execute()
    await set(failed, 'failed')
    await set(dead, 'dead')
    await set(sent, 'sent')

    expect(await valueOf('mail_outbox_messages{status="pending"}')).toBe(2)
    expect(await valueOf('mail_outbox_messages{status="failed"}')).toBe(1)
    expect(await valueOf('mail_outbox_messages{status="dead"}')).toBe(1)
    // The oldest pending or failed: the dead and the sent are older but wait for nothing.
    const age = (await valueOf('mail_outbox_oldest_unsent_age_seconds'))!
    expect(age).toBeGreaterThanOrEqual(2 * 3600)
    expect(age).toBeLessThan(2 * 3600 + 60)
    // SQLite has no pool; PostgreSQL's is read.
    const pool = await valueOf('db_pool_connections{state="total"}')
    if (process.env.TEST_DATABASE_URL) expect(pool).toBeGreaterThanOrEqual(1)
    else expect(pool).toBeUndefined()

    await db().deleteFrom('mail_outbox').where('status', '!=', 'sent').execute()
    expect(await outboxBacklog()).toEqual({ counts: { pending: 0, failed: 0, dead: 0 }, oldestAgeSeconds: 0 })
  })

  it('counts failed sign-ins and the locks they set', async () => {
    const user = await createUser()
    const before = {
      credentials: (await valueOf('auth_signin_failures_total{reason="credentials"}')) ?? 0,
      locked: (await valueOf('auth_signin_failures_total{reason="locked"}')) ?? 0,
      lockouts: (await valueOf('auth_signin_lockouts_total{limit="account_client"}')) ?? 0,
    }
    const ctx = { ...ctxFor(null), client: `metrics-${randomBytes(4).toString('hex')}` }
    // Five free failures, the sixth sets the lock (docs/auth.md), the seventh is refused while locked.
    for (let i = 0; i < 6; i++)
      await expectCode(signIn(ctx, { email: user.email, password: 'wrong-password' }), i < 5 ? 'UNAUTHORIZED' : 'TOO_MANY_ATTEMPTS')
    await expectCode(signIn(ctx, { email: user.email, password: 'wrong-password' }), 'TOO_MANY_ATTEMPTS')
    expect(await valueOf('auth_signin_failures_total{reason="credentials"}')).toBe(before.credentials + 6)
    expect(await valueOf('auth_signin_failures_total{reason="locked"}')).toBe(before.locked + 1)
    expect(await valueOf('auth_signin_lockouts_total{limit="account_client"}')).toBe(before.lockouts + 1)
  })

  it('counts failed queries', async () => {
    const before = (await valueOf('db_query_errors_total')) ?? 0
    await expect(
      db()
        .selectFrom('no_such_table' as 'users')
        .selectAll()
        .execute(),
    ).rejects.toThrow()
    expect(await valueOf('db_query_errors_total')).toBe(before + 1)
  })
})
