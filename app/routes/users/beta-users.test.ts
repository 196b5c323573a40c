import { describe, expect, it, vi } from 'vitest'
import { args, createUser, makeRequest, run, sessionCookieFor } from '../../../tests/support/factories'

// Production: the dev routes (hello-world, beta-users) are off.
vi.mock('~/env.server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('~/env.server')>()),
  devRoutesEnabled: () => false,
}))

const layout = await import('./layout')

describe('beta-users in production', () => {
  it('is not found, while /users/:id still answers', async () => {
    const me = await createUser({ name: 'Prod Person' })
    const cookie = await sessionCookieFor(me)
    const beta = await run(() => layout.loader(args(makeRequest(`/beta-users/${me.id}`, { cookie }), { uid: me.id })))
    expect(beta.status).toBe(404)
    const users = await run(() => layout.loader(args(makeRequest(`/users/${me.id}`, { cookie }), { id: me.id })))
    expect(users.data.user.name).toBe('Prod Person')
  })
})
