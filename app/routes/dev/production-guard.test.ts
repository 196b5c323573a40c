import { afterEach, describe, expect, it, vi } from 'vitest'
import { args, makeRequest, run } from '../../../tests/support/factories'

/*
 * The "outside production only" routes as production runs them: the configuration read from a
 * production environment (env.server.ts parses it once per module load, so each case loads the
 * modules afresh), the request from 127.0.0.1 (the address the mailbox's loopback check lets
 * through), so only the production guard can answer 404. The e2e twin asks the production build
 * (tests/e2e/dev-routes-production.spec.ts).
 */

const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-production-secret-of-enough-length-0123456789',
  APP_URL: 'http://localhost:3000',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  ENABLE_DEV_ROUTES: '',
}

async function asProduction(extra: Record<string, string> = {}) {
  for (const [key, value] of Object.entries({ ...PRODUCTION, ...extra })) vi.stubEnv(key, value)
  vi.resetModules()
  const [mailbox, helloWorld, signedIn] = await Promise.all([import('./mailbox'), import('./hello-world'), import('./signed-in')])
  return { mailbox, helloWorld, signedIn }
}

const fromLoopback = (path: string) => {
  const a = args(makeRequest(path))
  a.context.clientIp = '127.0.0.1'
  return a
}

afterEach(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})

describe('the outside-production routes in production, asked from this machine', () => {
  it('/dev/mailbox, /hello-world and /dev/signed-in are not found', async () => {
    const { mailbox, helloWorld, signedIn } = await asProduction()
    expect((await run(() => mailbox.loader(fromLoopback('/dev/mailbox')))).status).toBe(404)
    expect((await run(() => helloWorld.loader())).status).toBe(404)
    // Before the sign-in check: a visitor is not sent to sign in to a page that does not exist.
    expect((await run(() => signedIn.loader(fromLoopback('/dev/signed-in')))).status).toBe(404)
  })

  it('ENABLE_DEV_ROUTES=1 (benchmarks) opens /hello-world, never the mailbox and its sign-in links', async () => {
    const { mailbox, helloWorld } = await asProduction({ ENABLE_DEV_ROUTES: '1' })
    expect(await helloWorld.loader()).toBeNull()
    expect((await run(() => mailbox.loader(fromLoopback('/dev/mailbox')))).status).toBe(404)
  })
})
