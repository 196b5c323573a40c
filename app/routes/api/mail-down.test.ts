import { createServer, type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

/**
 * docs/auth.md (the same answer for a known and an unknown address): forgot-password and resend-verification answer the same for a known and an
 * unknown address even when SMTP is down (before the outbox, a known address waited for SMTP and
 * got a 500 when it was down). The mail is queued; the outbox worker retries it (outbox.server.test.ts).
 */
let modules: {
  factories: typeof import('../../../tests/support/factories')
  forgot: typeof import('./password-reset.forgot-password')
  resend: typeof import('./verify-email.resend')
  forgotPage: typeof import('../auth/forgot-password')
  db: typeof import('~/db/db.server')
}
beforeAll(async () => {
  // A port where nothing listens: SMTP is down.
  const closed = createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()))
  const port = (closed.address() as AddressInfo).port
  await new Promise<void>((resolve) => closed.close(() => resolve()))
  vi.resetModules()
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`
  modules = {
    factories: await import('../../../tests/support/factories'),
    forgot: await import('./password-reset.forgot-password'),
    resend: await import('./verify-email.resend'),
    forgotPage: await import('../auth/forgot-password'),
    db: await import('~/db/db.server'),
  }
})
afterAll(async () => {
  process.env.SMTP_URL = ''
  await modules.db.closeDb()
})

async function post(fn: (a: any) => unknown, path: string, init: { json?: unknown; form?: Record<string, string> }) {
  const { args, makeRequest, run } = modules.factories
  return run(() => fn(args(makeRequest(path, { method: 'POST', ...init }))))
}

describe('SMTP down', () => {
  it('forgot-password and resend-verification answer alike for known and unknown addresses; the mail waits in the outbox', async () => {
    const { createUser, uniqueEmail } = modules.factories
    const known = await createUser()
    const unverified = await createUser({ email_verified_at: null })
    const unknown = uniqueEmail('nobody')

    const answers = {
      forgotKnown: await post(modules.forgot.action, '/api/password-reset/forgot-password', { json: { email: known.email } }),
      forgotUnknown: await post(modules.forgot.action, '/api/password-reset/forgot-password', { json: { email: unknown } }),
      resendKnown: await post(modules.resend.action, '/api/verify-email/resend', { json: { email: unverified.email } }),
      resendUnknown: await post(modules.resend.action, '/api/verify-email/resend', { json: { email: unknown } }),
      pageKnown: await post(modules.forgotPage.action, '/forgot-password', { form: { email: known.email } }),
      pageUnknown: await post(modules.forgotPage.action, '/forgot-password', { form: { email: uniqueEmail('nobody') } }),
      resendPageKnown: await post(modules.forgotPage.action, '/verify/resend', { form: { email: unverified.email } }),
      resendPageUnknown: await post(modules.forgotPage.action, '/verify/resend', { form: { email: uniqueEmail('nobody') } }),
    }
    expect(Object.values(answers).map((a) => a.status)).toEqual([200, 200, 200, 200, 302, 302, 302, 302])

    const queued = await modules.db
      .db()
      .selectFrom('mail_outbox')
      .select(['to_address', 'status'])
      .where('to_address', 'in', [known.email, unverified.email, unknown])
      .orderBy('to_address')
      .execute()
    expect(queued).toEqual(
      [
        { to_address: known.email, status: 'pending' },
        { to_address: known.email, status: 'pending' },
        { to_address: unverified.email, status: 'pending' },
        { to_address: unverified.email, status: 'pending' },
      ].sort((a, b) => a.to_address.localeCompare(b.to_address)),
    )
  })
})
