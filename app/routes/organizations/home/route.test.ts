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

describe('organization home: directory sync', () => {
  it('creates a token shown once, asks to confirm a revocation without JavaScript, revokes, and chooses the group owner', async () => {
    const admin = await createUser({ name: 'Astrid Admin' })
    const other = await createUser({ name: 'Bo Admin' })
    const org = await createOrganization({ adminIds: [admin.id, other.id] })
    const cookie = await sessionCookieFor(admin)
    const path = `/organizations/${org.id}`
    const post = (form: Record<string, string>) => run(() => action(args(makeRequest(path, { cookie, form }), { organizationId: org.id })))
    const load = async () => (await run(() => loader(args(makeRequest(path, { cookie }), { organizationId: org.id })))).data

    const empty = await post({ intent: 'directoryToken', name: ' ' })
    expect(empty.status).toBe(400)
    const created = await post({ intent: 'directoryToken', name: 'Entra ID' })
    expect(created.data.created).toMatchObject({ name: 'Entra ID', token: expect.stringMatching(/^scim_/) })
    const home = await load()
    expect(home.directory.tokens).toEqual([expect.objectContaining({ name: 'Entra ID', revoked: null })])
    expect(JSON.stringify(home)).not.toContain(created.data.created.token)
    expect(home.scimUrl).toMatch(/\/scim\/v2$/)
    const tokenId = home.directory.tokens[0].id

    const ask = await post({ intent: 'directoryRevoke', tokenId, name: 'Entra ID' })
    expect(ask.data).toEqual({ intent: 'directoryRevoke', confirm: { tokenId, name: 'Entra ID' } })
    expect((await load()).directory.tokens[0].revoked).toBeNull()
    const revoked = await post({ intent: 'directoryRevoke', tokenId, confirmed: '1' })
    expect(revoked.status).toBe(302)
    expect((await load()).directory.tokens[0].revoked).not.toBeNull()

    const owner = await post({ intent: 'directoryOwner', userId: other.id })
    expect(owner.status).toBe(302)
    expect((await load()).directory.groupOwnerId).toBe(other.id)
    const notAdmin = await post({ intent: 'directoryOwner', userId: (await createUser()).id })
    expect(notAdmin.status).toBe(400)
    const activity = (await load()).activity.map((a: { action: string }) => a.action)
    expect(activity).toEqual(expect.arrayContaining(['directory.tokens.create', 'directory.tokens.revoke', 'directory.settings.owner']))
  })
})
