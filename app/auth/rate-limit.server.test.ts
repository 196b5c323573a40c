import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { DomainError } from '~/errors'
import {
  consume,
  EMAIL_REQUESTS,
  refundAttempt,
  signInKeys,
  spendsBudget,
  takeAttempt,
  takeAttempts,
  type RateLimitPolicy,
} from './rate-limit.server'

const POLICY: RateLimitPolicy = { freeFailures: 5, windowSeconds: 3600, baseSeconds: 30, maxSeconds: 3600 }
const GENEROUS: RateLimitPolicy = { freeFailures: 1000, windowSeconds: 3600, baseSeconds: 30, maxSeconds: 3600 }
const newKey = () => `test:${randomBytes(6).toString('hex')}`
const stored = (key: string) => db().selectFrom('rate_limits').selectAll().where('key', '=', key).executeTakeFirst()
const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000)

async function outcome(promise: Promise<unknown>) {
  try {
    await promise
    return 'taken'
  } catch (error) {
    if (error instanceof DomainError) return error.code
    throw error
  }
}

describe('takeAttempt', () => {
  it('counts every one of 30 concurrent attempts', async () => {
    const key = newKey()
    const attempts = await Promise.all(Array.from({ length: 30 }, () => takeAttempt(db(), key, GENEROUS)))
    expect(attempts.map((a) => a.failures).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1))
    expect((await stored(key))?.failures).toBe(30)
  })

  it('lets exactly freeFailures + 1 of 40 concurrent attempts through; the rest wait for the same retryAt', async () => {
    const key = newKey()
    const now = new Date()
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => takeAttempt(db(), key, POLICY, now)))
    const taken = results.filter((r) => r.status === 'fulfilled')
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as DomainError)
    expect(taken).toHaveLength(6)
    expect(refused.every((e) => e.code === 'TOO_MANY_ATTEMPTS')).toBe(true)
    const retryAt = at(now, 30).toISOString()
    expect(new Set(refused.map((e) => e.data.retryAt))).toEqual(new Set([retryAt]))
    expect(await stored(key)).toMatchObject({ failures: 6, blocked_until: retryAt })
  })

  it('does not count attempts while blocked; after the block one attempt goes ahead and the wait doubles, up to the maximum', async () => {
    const key = newKey()
    const t0 = new Date()
    for (let i = 0; i < 5; i++) expect((await takeAttempt(db(), key, POLICY, t0)).blockedUntil).toBeNull()
    const sixth = await takeAttempt(db(), key, POLICY, t0)
    expect(sixth.blockedUntil).toBe(at(t0, 30).toISOString())
    for (let i = 0; i < 3; i++) expect(await outcome(takeAttempt(db(), key, POLICY, at(t0, 29)))).toBe('TOO_MANY_ATTEMPTS')
    expect((await stored(key))?.failures).toBe(6)

    // (A day's window, so that the doubling waits do not outlast it.)
    const daily = { ...POLICY, windowSeconds: 86_400 }
    let now = at(t0, 30)
    const waits: number[] = []
    for (let i = 0; i < 9; i++) {
      const attempt = await takeAttempt(db(), key, daily, now)
      const wait = (Date.parse(attempt.blockedUntil!) - now.getTime()) / 1000
      waits.push(wait)
      now = at(now, wait)
    }
    expect(waits).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600, 3600])
  })

  it('starts a new window once the first failure is older than the window and the key is not blocked', async () => {
    const key = newKey()
    const t0 = new Date()
    for (let i = 0; i < 4; i++) await takeAttempt(db(), key, POLICY, t0)
    const later = at(t0, 3601)
    expect(await takeAttempt(db(), key, POLICY, later)).toMatchObject({
      failures: 1,
      firstFailureAt: later.toISOString(),
      blockedUntil: null,
    })
  })

  it('refunds: one less, and the block the attempt set is lifted', async () => {
    const key = newKey()
    const now = new Date()
    for (let i = 0; i < 5; i++) await takeAttempt(db(), key, POLICY, now)
    const sixth = await takeAttempt(db(), key, POLICY, now)
    expect(await outcome(takeAttempt(db(), key, POLICY, now))).toBe('TOO_MANY_ATTEMPTS')
    await refundAttempt(db(), sixth)
    expect(await stored(key)).toMatchObject({ failures: 5, blocked_until: null })
    expect((await takeAttempt(db(), key, POLICY, now)).failures).toBe(6)
  })

  it('takes several keys or none: a blocked later key gives the earlier attempts back', async () => {
    const [first, second] = [newKey(), newKey()]
    const now = new Date()
    for (let i = 0; i < 6; i++) await takeAttempt(db(), second, POLICY, now)
    expect(
      await outcome(
        takeAttempts(
          db(),
          [first, second].map((key) => ({ key, policy: POLICY })),
          now,
        ),
      ),
    ).toBe('TOO_MANY_ATTEMPTS')
    expect((await stored(first))?.failures).toBe(0)
  })
})

describe('consume', () => {
  it('spends a budget atomically: of 30 concurrent uses, freeFailures + 1 go through', async () => {
    const key = newKey()
    const results = await Promise.all(Array.from({ length: 30 }, () => outcome(consume(db(), key, EMAIL_REQUESTS))))
    expect(results.filter((r) => r === 'taken')).toHaveLength(EMAIL_REQUESTS.freeFailures + 1)
    expect(results.filter((r) => r === 'TOO_MANY_ATTEMPTS')).toHaveLength(30 - EMAIL_REQUESTS.freeFailures - 1)
  })
})

describe('spendsBudget', () => {
  it('answers true for the one event that spends a watched budget, then false without refusing, until a new window', async () => {
    const key = newKey()
    const hourly: RateLimitPolicy = { freeFailures: 2, windowSeconds: 3600, baseSeconds: 3600, maxSeconds: 3600 }
    const t0 = new Date()
    const answers = []
    for (let i = 0; i < 6; i++) answers.push(await spendsBudget(db(), key, hourly, at(t0, i)))
    expect(answers).toEqual([false, false, true, false, false, false])
    expect(await spendsBudget(db(), key, hourly, at(t0, 3602))).toBe(false)
    expect(await spendsBudget(db(), key, hourly, at(t0, 3603))).toBe(false)
    expect(await spendsBudget(db(), key, hourly, at(t0, 3604))).toBe(true)
  })

  it('with no free events, answers true once per period (an alert)', async () => {
    const key = newKey()
    const daily: RateLimitPolicy = { freeFailures: 0, windowSeconds: 86_400, baseSeconds: 86_400, maxSeconds: 86_400 }
    const t0 = new Date()
    expect(await spendsBudget(db(), key, daily, t0)).toBe(true)
    expect(await spendsBudget(db(), key, daily, at(t0, 86_399))).toBe(false)
    expect(await spendsBudget(db(), key, daily, at(t0, 86_400))).toBe(true)
  })
})

describe('signInKeys', () => {
  it('keeps accounts and clients apart even when an address holds colons', () => {
    expect(signInKeys('a@b.se', '::1:2').accountClient).not.toBe(signInKeys('a@b.se:', ':1:2').accountClient)
    expect(signInKeys('A@B.se', '10.0.0.1').account).toBe(signInKeys('a@b.se', '10.0.0.2').account)
  })
})
