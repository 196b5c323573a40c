import { request as playwrightRequest } from '@playwright/test'
import { expect, test } from '../support/e2e/fixtures'
import { insertUser } from '../support/e2e/orgs'

/*
 * The specification's "outside production only" routes (/dev/mailbox, /hello-world,
 * /dev/signed-in) in the production build, asked from this machine without a proxy's
 * X-Forwarded-For: the client is 127.0.0.1, the address the mailbox's own loopback check lets
 * through, so only the production guard answers 404. Every other journey sends its own
 * X-Forwarded-For (tests/support/e2e/fixtures.ts) and so never reached them from loopback.
 */

/** The server listens on 127.0.0.1; Node may resolve localhost to ::1 first. */
const baseURL = () => test.info().project.use.baseURL!.replace('//localhost:', '//127.0.0.1:')

test('the outside-production routes are not found in production, even from this machine and signed in', async () => {
  const context = await playwrightRequest.newContext({ baseURL: baseURL() })
  try {
    const user = await insertUser({ name: 'Dev Route Dora' })
    const signin = await context.post('/api/v2/signin', { data: { email: user.email, password: user.password } })
    expect(signin.status(), await signin.text()).toBe(200)
    for (const path of ['/dev/mailbox', '/hello-world', '/dev/signed-in']) {
      const response = await context.get(path, { maxRedirects: 0 })
      expect({ path, status: response.status() }).toEqual({ path, status: 404 })
    }
    // The same client reaches a page that exists for it: the 404s are the guards', not the session's.
    expect((await context.get('/api/users/me')).status()).toBe(200)
  } finally {
    await context.dispose()
  }
})
