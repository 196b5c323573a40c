import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { isPostgres } from '~/db/collation'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { createUser, TEST_PASSWORD } from '../../../tests/support/factories'
import { createPackage } from '../../../tests/support/library-factories'
import { SWEDISH_ORDER, SWEDISH_SHUFFLED } from '../../../tests/support/swedish-order'
import { ctxFor, type Ctx } from '../context.server'
import { deleteAccount } from '../profile/my-data.server'
import { packageFeed } from './feed.server'
import { deletePackage, publishPackage, saveBasics } from './packages.server'
import { acceptInvitation, declineInvitation, inviteCollaborator } from './collaborator-invitations.server'
import { acceptShareLink, createShareLink } from './share-links.server'
import { changeCollaboratorAccess, handOverPackage, removeCollaborator } from './collaborators.server'
import type { FeedQuery } from './types'

/**
 * The feed reads the packages shared with the actor from package_collaborators alone: the copies
 * of visibility and sort fields that triggers keep there (migration 019, ADR 016) must follow
 * every write, whoever makes it.
 */
let clock = Date.parse('2026-03-01T00:00:00.000Z')
const ctx = (actor: User): Ctx => ({ ...ctxFor(actor), now: new Date((clock += 60_000)) })
const query = (overrides: Partial<FeedQuery> = {}): FeedQuery => ({
  q: '',
  scope: 'shared',
  sort: 'updated',
  dir: 'desc',
  page: 1,
  pageSize: 50,
  ...overrides,
})
const shared = async (actor: User, overrides: Partial<FeedQuery> = {}) =>
  (await packageFeed(ctx(actor), query(overrides))).items.map((i) => [i.name, i.access])

/** Every collaborator row of the packages holds what its package and access say now. */
async function expectCopiesInStep(packageIds: string[]) {
  const rows = await db()
    .selectFrom('package_collaborators as c')
    .innerJoin('packages as p', 'p.id', 'c.package_id')
    .select([
      'c.access',
      'c.visible',
      'c.package_name',
      'c.package_created_at',
      'c.package_updated_at',
      'p.status',
      'p.name',
      'p.created_at',
      'p.updated_at',
    ])
    // SQLite only: the Swedish key of the name (PostgreSQL sorts the name in its collation).
    .select(
      isPostgres(db())
        ? [sql<string | null>`null`.as('key'), sql<string | null>`null`.as('expected_key')]
        : [sql<string | null>`c.package_name_key`.as('key'), sql<string | null>`p.name_key`.as('expected_key')],
    )
    .where('c.package_id', 'in', packageIds)
    .execute()
  expect(rows.length).toBeGreaterThan(0)
  for (const r of rows) {
    expect({
      visible: Number(r.visible),
      name: r.package_name,
      created: r.package_created_at,
      updated: r.package_updated_at,
      key: r.key,
    }).toEqual({
      visible: r.status === 'published' || r.access === 'edit' ? 1 : 0,
      name: r.name,
      created: r.created_at,
      updated: r.updated_at,
      key: r.expected_key,
    })
  }
}

describe('the feed copies on package_collaborators', () => {
  it('follow publishing, renaming, saving and changes of access', async () => {
    const owner = await createUser()
    const viewer = await createUser()
    const editor = await createUser()
    const draft = await createPackage({
      ownerId: owner.id,
      name: 'Utkast',
      status: 'draft',
      collaborators: [
        { userId: viewer.id, access: 'view' },
        { userId: editor.id, access: 'edit' },
      ],
    })
    const older = await createPackage({
      ownerId: owner.id,
      name: 'Äldre',
      updatedAt: '2026-01-01T00:00:00.000Z',
      collaborators: [{ userId: viewer.id, access: 'view' }],
    })
    await expectCopiesInStep([draft.id, older.id])
    // A draft: the editor sees it, the viewer not.
    expect(await shared(viewer)).toEqual([['Äldre', 'view']])
    expect(await shared(editor)).toEqual([['Utkast', 'edit']])

    // Raised to edit, the viewer sees the draft; lowered again, no more.
    await changeCollaboratorAccess(ctx(owner), { packageId: draft.id, userId: viewer.id, access: 'edit' })
    expect(await shared(viewer)).toEqual([
      ['Utkast', 'edit'],
      ['Äldre', 'view'],
    ])
    await changeCollaboratorAccess(ctx(owner), { packageId: draft.id, userId: viewer.id, access: 'view' })
    expect(await shared(viewer)).toEqual([['Äldre', 'view']])
    await expectCopiesInStep([draft.id, older.id])

    // Published, the viewer sees it; renamed and saved later, it sorts by its new name and time.
    await publishPackage(ctx(editor), { packageId: draft.id, version: 1 })
    expect(await shared(viewer)).toEqual([
      ['Utkast', 'view'],
      ['Äldre', 'view'],
    ])
    await saveBasics(ctx(owner), { packageId: older.id, version: 1, name: 'Örat', description: '', language: 'sv', tags: [] })
    await expectCopiesInStep([draft.id, older.id])
    expect(await shared(viewer)).toEqual([
      ['Örat', 'view'],
      ['Utkast', 'view'],
    ])
    expect(await shared(viewer, { sort: 'name', dir: 'asc' })).toEqual([
      ['Utkast', 'view'],
      ['Örat', 'view'],
    ])
    expect(await shared(viewer, { sort: 'created', dir: 'asc' })).toEqual([
      ['Örat', 'view'],
      ['Utkast', 'view'],
    ])
  })

  it('follow invitations, share links, leaving, handing over, deleting and account deletion', async () => {
    const owner = await createUser()
    const invitee = await createUser()
    const linked = await createUser()
    const editor = await createUser()
    const pkg = await createPackage({ ownerId: owner.id, name: 'Delat paket', collaborators: [{ userId: editor.id, access: 'edit' }] })

    const accepted = await inviteCollaborator(ctx(owner), { packageId: pkg.id, email: invitee.email, access: 'view' })
    await acceptInvitation(ctx(invitee), accepted.id)
    expect(await shared(invitee)).toEqual([['Delat paket', 'view']])
    const declined = await inviteCollaborator(ctx(owner), { packageId: pkg.id, email: linked.email, access: 'edit' })
    await declineInvitation(ctx(linked), declined.id)
    expect(await shared(linked)).toEqual([])
    const { token } = await createShareLink(ctx(owner), { packageId: pkg.id })
    await acceptShareLink(ctx(linked), { token })
    expect(await shared(linked)).toEqual([['Delat paket', 'view']])
    await expectCopiesInStep([pkg.id])

    await removeCollaborator(ctx(linked), { packageId: pkg.id, userId: linked.id })
    expect(await shared(linked)).toEqual([])

    // Handed over: the editor owns it (no longer in their shared list), the old owner edits it.
    await handOverPackage(ctx(owner), { packageId: pkg.id, userId: editor.id })
    expect(await shared(editor)).toEqual([])
    expect(await shared(editor, { scope: 'all' })).toEqual([['Delat paket', 'owner']])
    expect(await shared(owner)).toEqual([['Delat paket', 'edit']])
    await expectCopiesInStep([pkg.id])

    await deleteAccount(ctx(invitee), invitee.id, TEST_PASSWORD)
    expect(await db().selectFrom('package_collaborators').select('user_id').where('package_id', '=', pkg.id).execute()).toEqual([
      { user_id: owner.id },
    ])
    await deletePackage(ctx(editor), pkg.id)
    expect(await shared(owner)).toEqual([])
    expect(await db().selectFrom('package_collaborators').select('user_id').where('package_id', '=', pkg.id).execute()).toEqual([])
  })

  it('sorts shared packages by name in Swedish order', async () => {
    const owner = await createUser()
    const me = await createUser()
    for (const name of SWEDISH_SHUFFLED)
      await createPackage({ ownerId: owner.id, name, roles: [], collaborators: [{ userId: me.id, access: 'view' }] })
    expect((await shared(me, { sort: 'name', dir: 'asc', pageSize: 500 })).map(([name]) => name)).toEqual(SWEDISH_ORDER)
    expect((await shared(me, { sort: 'name', dir: 'desc', pageSize: 500 })).map(([name]) => name)).toEqual([...SWEDISH_ORDER].reverse())
  })
})

describe('the feed total', () => {
  it('is exact without filters, and a search counts to a step past the page, then says "more"', async () => {
    const me = await createUser()
    const other = await createUser()
    for (let i = 0; i < 130; i++) await createPackage({ ownerId: me.id, name: `Skolstart ${i}`, roles: [] })
    for (let i = 0; i < 130; i++)
      await createPackage({
        ownerId: other.id,
        name: `Skolstart delat ${i}`,
        roles: [],
        collaborators: [{ userId: me.id, access: 'view' }],
      })
    await createPackage({ ownerId: me.id, name: 'Utflykt', roles: [] })
    const feed = (overrides: Partial<FeedQuery>) => packageFeed(ctx(me), query({ scope: 'all', pageSize: 20, ...overrides }))

    expect(await feed({})).toMatchObject({ total: 261, more: false })
    expect(await feed({ page: 13 })).toMatchObject({ total: 261, more: false })
    expect(await feed({ q: 'skolstart' })).toMatchObject({ total: 200, more: true })
    // Page 10 shows 181–200: counted to 400, so the whole 260.
    expect(await feed({ q: 'skolstart', page: 10 })).toMatchObject({ total: 260, more: false })
    expect((await feed({ q: 'skolstart', page: 13 })).items).toHaveLength(20)
    expect(await feed({ q: 'skolstart', page: 14 })).toMatchObject({ items: [], total: 260, more: false })
    expect(await feed({ q: 'utflykt' })).toMatchObject({ total: 1, more: false })
    expect(await feed({ q: 'ingenting' })).toMatchObject({ items: [], total: 0, more: false })
  })
})
