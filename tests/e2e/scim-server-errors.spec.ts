import { request as playwrightRequest } from '@playwright/test'
import { expect, test } from '../support/e2e/fixtures'

/*
 * The errors the production server answers before the SCIM route (server/scim-answers.ts) are SCIM
 * errors, like every error of the SCIM routes (docs/directory-sync.md): a body over the limit is
 * refused by the server's body limit before any route reads it.
 */

/** The server listens on 127.0.0.1; Node may resolve localhost to ::1 first. */
const baseURL = () => test.info().project.use.baseURL!.replace('//localhost:', '//127.0.0.1:')

test('a SCIM request over the body limit is answered as a SCIM error, an API call with the catalogue', async () => {
  const octet = () => Math.floor(Math.random() * 254) + 1
  const context = await playwrightRequest.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` },
  })
  try {
    const big = JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'x'.repeat(2_000_000) })
    const scim = await context.post('/scim/v2/Users', {
      data: big,
      headers: { 'Content-Type': 'application/scim+json', Authorization: 'Bearer scim_whatever' },
    })
    expect(scim.status()).toBe(413)
    expect(scim.headers()['content-type']).toBe('application/scim+json; charset=utf-8')
    expect(await scim.json()).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '413',
      detail: expect.stringMatching(/larger than/),
    })
    const api = await context.post('/api/v2/signin', { data: big, headers: { 'Content-Type': 'application/json' } })
    expect([api.status(), await api.json()]).toEqual([413, { message: 'PAYLOAD_TOO_LARGE' }])
  } finally {
    await context.dispose()
  }
})
