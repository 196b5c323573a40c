import { describe, expect, it, vi } from 'vitest'
import { failWrites } from '../../../../tests/support/db-faults'
import { args, createUser, makeRequest, run, sessionCookieFor } from '../../../../tests/support/factories'
import { createOrganization } from '../../../../tests/support/org-factories'
import { action, loader } from './route'

describe('organization home: a failed update', () => {
  it('throws "Could not update organizations." (spec section 8) for each form when the database fails, and logs it', async () => {
    const admin = await createUser()
    const org = await createOrganization({ name: 'Exempelskolan', adminIds: [admin.id] })
    const cookie = await sessionCookieFor(admin)
    const path = `/organizations/${org.id}`
    const post = (form: Record<string, string>) => action(args(makeRequest(path, { cookie, form }), { organizationId: org.id }))
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const restore = await failWrites('organizations', 'UPDATE', 'id', org.id)
    try {
      for (const form of <Record<string, string>[]>[
        { intent: 'rename', name: 'Nya skolan' },
        { intent: 'contact', name: 'Rektor', email: 'rektor@example.se' },
        { intent: 'active', active: 'false', confirmed: '1' },
      ]) {
        const thrown = await post(form).catch((e: unknown) => e)
        expect(thrown, form.intent).toMatchObject({
          type: 'DataWithResponseInit',
          data: { failure: 'organizations.updateError' },
          init: { status: 500 },
        })
      }
      expect(logged).toHaveBeenCalledTimes(3)
    } finally {
      await restore()
    }
    // The page itself still loads, unchanged.
    const home = await run(() => loader(args(makeRequest(path, { cookie }), { organizationId: org.id })))
    expect(home.data.organization).toMatchObject({ name: 'Exempelskolan', active: true })
  })

  it('keeps 404 for someone who is not an admin of the organization', async () => {
    const outsider = await createUser()
    const org = await createOrganization({ adminIds: [(await createUser()).id] })
    const cookie = await sessionCookieFor(outsider)
    const res = await run(() =>
      action(args(makeRequest(`/organizations/${org.id}`, { cookie, form: { intent: 'rename', name: 'X' } }), { organizationId: org.id })),
    )
    expect(res.status).toBe(404)
  })
})
