import { describe, expect, it } from 'vitest'
import { ZodError } from 'zod'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { createUser } from '../../../tests/support/factories'
import { expectCode } from '../../../tests/support/expect-code'
import { createPackage } from '../../../tests/support/library-factories'
import { ctxFor } from '../context.server'
import { createDraft, deletePackage, duplicatePackage, publishPackage, saveBasics, saveEntities, saveRoles } from './packages.server'
import { getPackage, getPackageForEdit } from './package-view.server'
import { PACKAGE_LIMITS } from './packages.schemas'

const ctx = (actor: User) => ctxFor(actor)

/** A package with an owner, an editor, a viewer, a stranger (and a stranger's own package). */
async function setup(status: 'draft' | 'published' = 'published') {
  const owner = await createUser({ name: 'Olga Owner' })
  const editor = await createUser({ name: 'Erik Editor' })
  const viewer = await createUser({ name: 'Vera Viewer', locale: 'en' })
  const stranger = await createUser({ name: 'Sten Stranger' })
  const pkg = await createPackage({
    ownerId: owner.id,
    name: 'Skolstart',
    status,
    collaborators: [
      { userId: editor.id, access: 'edit' },
      { userId: viewer.id, access: 'view' },
    ],
  })
  return { owner, editor, viewer, stranger, pkg }
}

const basics = { name: 'Nytt namn', description: 'Beskrivning', language: 'sv' as const, tags: ['skola'] }

describe('access matrix', () => {
  it('lets each access level do exactly its actions; strangers get not-found, never forbidden', async () => {
    const { owner, editor, viewer, stranger, pkg } = await setup()
    // view
    for (const [user, access] of [
      [owner, 'owner'],
      [editor, 'edit'],
      [viewer, 'view'],
    ] as const) {
      const view = await getPackage(ctx(user), pkg.id)
      expect(view.access).toBe(access)
      expect(view.roles.map((r) => r.entities.length)).toEqual([2, 2])
    }
    await expectCode(getPackage(ctx(stranger), pkg.id), 'PACKAGE_NOT_FOUND')
    expect((await getPackage(ctx(owner), pkg.id)).actions).toMatchObject({ edit: true, delete: true, manageSharing: true })
    expect((await getPackage(ctx(editor), pkg.id)).actions).toMatchObject({
      edit: true,
      seeSharing: true,
      manageSharing: false,
      delete: false,
    })
    expect((await getPackage(ctx(viewer), pkg.id)).actions).toMatchObject({
      edit: false,
      duplicate: true,
      createGroup: true,
      seeSharing: false,
    })
    expect((await getPackage(ctx(viewer), pkg.id)).editors.map((e) => e.id)).toEqual([editor.id])

    // edit steps
    await expectCode(getPackageForEdit(ctx(viewer), pkg.id), 'PACKAGE_ACCESS_DENIED')
    await expectCode(getPackageForEdit(ctx(stranger), pkg.id), 'PACKAGE_NOT_FOUND')
    await expectCode(saveBasics(ctx(viewer), { packageId: pkg.id, version: 1, ...basics }), 'PACKAGE_ACCESS_DENIED')
    await expectCode(saveBasics(ctx(stranger), { packageId: pkg.id, version: 1, ...basics }), 'PACKAGE_NOT_FOUND')
    await expectCode(saveRoles(ctx(stranger), { packageId: pkg.id, version: 1, roles: [] }), 'PACKAGE_NOT_FOUND')
    await expectCode(saveEntities(ctx(stranger), { packageId: pkg.id, version: 1, entities: [] }), 'PACKAGE_NOT_FOUND')
    await expectCode(publishPackage(ctx(stranger), { packageId: pkg.id, version: 1 }), 'PACKAGE_NOT_FOUND')
    await expectCode(saveRoles(ctx(viewer), { packageId: pkg.id, version: 1, roles: [] }), 'PACKAGE_ACCESS_DENIED')
    await expectCode(saveEntities(ctx(viewer), { packageId: pkg.id, version: 1, entities: [] }), 'PACKAGE_ACCESS_DENIED')
    await expectCode(publishPackage(ctx(viewer), { packageId: pkg.id, version: 1 }), 'PACKAGE_ACCESS_DENIED')
    expect((await getPackage(ctx(owner), pkg.id)).package.version).toBe(1)
    expect(await saveBasics(ctx(editor), { packageId: pkg.id, version: 1, ...basics })).toEqual({ packageId: pkg.id, version: 2 })
    expect(await saveBasics(ctx(owner), { packageId: pkg.id, version: 2, ...basics, name: 'Tredje' })).toEqual({
      packageId: pkg.id,
      version: 3,
    })

    // duplicate: anyone with access
    await expectCode(duplicatePackage(ctx(stranger), pkg.id), 'PACKAGE_NOT_FOUND')
    const copy = await duplicatePackage(ctx(viewer), pkg.id)
    expect((await getPackage(ctx(viewer), copy.packageId)).access).toBe('owner')

    // delete: owner only
    await expectCode(deletePackage(ctx(stranger), pkg.id), 'PACKAGE_NOT_FOUND')
    await expectCode(deletePackage(ctx(viewer), pkg.id), 'PACKAGE_ACCESS_DENIED')
    await expectCode(deletePackage(ctx(editor), pkg.id), 'PACKAGE_ACCESS_DENIED')
    await deletePackage(ctx(owner), pkg.id)
    await expectCode(getPackage(ctx(owner), pkg.id), 'PACKAGE_NOT_FOUND')
    expect(await db().selectFrom('package_entities').select('id').where('package_id', '=', pkg.id).execute()).toEqual([])
  })

  it('shows a draft to its owner and editors only', async () => {
    const { owner, editor, viewer, stranger, pkg } = await setup('draft')
    expect((await getPackage(ctx(owner), pkg.id)).package.status).toBe('draft')
    expect((await getPackage(ctx(editor), pkg.id)).access).toBe('edit')
    await expectCode(getPackage(ctx(viewer), pkg.id), 'PACKAGE_NOT_FOUND')
    await expectCode(duplicatePackage(ctx(viewer), pkg.id), 'PACKAGE_NOT_FOUND')
    await expectCode(getPackage(ctx(stranger), pkg.id), 'PACKAGE_NOT_FOUND')
    await publishPackage(ctx(editor), { packageId: pkg.id, version: 1 })
    expect((await getPackage(ctx(viewer), pkg.id)).package.status).toBe('published')
  })
})

describe('which tasks a load brings', () => {
  it("counts every role's tasks and loads all, none, one role's, or all up to a size", async () => {
    const owner = await createUser()
    const pkg = await createPackage({ ownerId: owner.id, roles: ['Lärare', 'Elev', 'Tom'], tasksPerRole: 3 })
    await db().deleteFrom('package_entities').where('package_id', '=', pkg.id).where('title', 'like', 'Tom %').execute()
    const shape = async (tasksOf: Parameters<typeof getPackage>[2]) =>
      (await getPackage(ctx(owner), pkg.id, tasksOf)).roles.map((r) => [r.name, r.taskCount, r.tasksLoaded, r.entities.map((e) => e.title)])
    const all = [
      ['Lärare', 3, true, ['Lärare uppgift 1', 'Lärare uppgift 2', 'Lärare uppgift 3']],
      ['Elev', 3, true, ['Elev uppgift 1', 'Elev uppgift 2', 'Elev uppgift 3']],
      ['Tom', 0, true, []],
    ]
    expect(await shape(undefined)).toEqual(all)
    expect(await shape('all')).toEqual(all)
    expect(await shape('none')).toEqual([
      ['Lärare', 3, false, []],
      ['Elev', 3, false, []],
      ['Tom', 0, false, []],
    ])
    const elev = (await getPackage(ctx(owner), pkg.id, 'none')).roles[1].id
    expect(await shape({ role: elev })).toEqual([
      ['Lärare', 3, false, []],
      ['Elev', 3, true, ['Elev uppgift 1', 'Elev uppgift 2', 'Elev uppgift 3']],
      ['Tom', 0, false, []],
    ])
    // An unknown role (or none asked for): the first role's.
    for (const role of [null, 'not-a-role']) expect((await shape({ role })).map((r) => r[2])).toEqual([true, false, false])
    // Small enough: every role's, whichever was asked for.
    expect(await shape({ role: elev, allUpTo: 6 })).toEqual(all)
    expect((await shape({ role: elev, allUpTo: 5 })).map((r) => r[2])).toEqual([false, true, false])
    // The wizard's edit load takes the same choice.
    expect((await getPackageForEdit(ctx(owner), pkg.id, 'none')).roles.every((r) => !r.tasksLoaded)).toBe(true)
  })
})

describe('the wizard', () => {
  it('creates a draft, saves roles (add, reorder, remove) and entities, and publishes', async () => {
    const owner = await createUser()
    const other = await createUser()
    const { packageId, version } = await createDraft(ctx(owner), { name: '  Introduktion  ', language: 'sv', tags: ['a', 'A', ' b ', ''] })
    let view = await getPackage(ctx(owner), packageId)
    expect(view.package).toMatchObject({ name: 'Introduktion', status: 'draft', version: 1, tags: ['a', 'b'] })
    await expectCode(getPackage(ctx(other), packageId), 'PACKAGE_NOT_FOUND')
    await expectCode(publishPackage(ctx(owner), { packageId, version }), 'PACKAGE_NO_ROLES')

    let saved = await saveRoles(ctx(owner), { packageId, version, roles: [{ name: 'Mentor' }, { name: 'Ny', description: 'ny anställd' }] })
    view = await getPackage(ctx(owner), packageId)
    const [mentor, ny] = view.roles
    expect(view.roles.map((r) => r.name)).toEqual(['Mentor', 'Ny'])

    saved = await saveEntities(ctx(owner), {
      packageId,
      version: saved.version,
      entities: [
        { roleId: ny.id, title: 'Läs handboken', kind: 'reading', dayOffset: '1' as unknown as number },
        { roleId: mentor.id, title: 'Boka möte', kind: 'meeting', dayOffset: '' as unknown as number },
        { roleId: ny.id, title: 'Skriv reflektion', instructions: 'Se https://example.se', kind: 'reflection' },
      ],
    })
    view = await getPackage(ctx(owner), packageId)
    expect(view.roles[1].entities.map((e) => [e.title, e.dayOffset])).toEqual([
      ['Läs handboken', 1],
      ['Skriv reflektion', null],
    ])
    // Per role: replace the mentor's tasks only, keeping the id of the kept one.
    const booked = view.roles[0].entities[0]
    saved = await saveEntities(ctx(owner), {
      packageId,
      version: saved.version,
      roleId: mentor.id,
      entities: [
        { roleId: mentor.id, title: 'Välkomna', kind: 'task' },
        { id: booked.id, roleId: mentor.id, title: 'Boka möte igen', kind: 'meeting' },
      ],
    })
    view = await getPackage(ctx(owner), packageId)
    expect(view.roles[0].entities.map((e) => e.title)).toEqual(['Välkomna', 'Boka möte igen'])
    expect(view.roles[0].entities[1].id).toBe(booked.id)
    expect(view.roles[1].entities).toHaveLength(2)

    // Reorder roles and remove one: its entities go with it.
    saved = await saveRoles(ctx(owner), { packageId, version: saved.version, roles: [{ id: ny.id, name: 'Nyanställd' }] })
    view = await getPackage(ctx(owner), packageId)
    expect(view.roles.map((r) => [r.id, r.name, r.entities.length])).toEqual([[ny.id, 'Nyanställd', 2]])
    const row = await db()
      .selectFrom('packages')
      .select(['role_count', 'entity_count'])
      .where('id', '=', packageId)
      .executeTakeFirstOrThrow()
    expect([Number(row.role_count), Number(row.entity_count)]).toEqual([1, 2])

    // An entity of a role not in the package
    await expectCode(
      saveEntities(ctx(owner), { packageId, version: saved.version, entities: [{ roleId: mentor.id, title: 'x' }] }),
      'PACKAGE_ROLE_NOT_FOUND',
    )

    saved = await publishPackage(ctx(owner), { packageId, version: saved.version })
    expect((await getPackage(ctx(owner), packageId)).package).toMatchObject({ status: 'published', version: saved.version })
  })

  it('answers a stale version with PACKAGE_VERSION_CONFLICT and never overwrites', async () => {
    const { owner, editor, pkg } = await setup()
    await saveBasics(ctx(editor), { packageId: pkg.id, version: 1, ...basics, name: 'Editorns' })
    await expectCode(saveBasics(ctx(owner), { packageId: pkg.id, version: 1, ...basics, name: 'Ägarens' }), 'PACKAGE_VERSION_CONFLICT')
    await expectCode(saveRoles(ctx(owner), { packageId: pkg.id, version: 1, roles: [] }), 'PACKAGE_VERSION_CONFLICT')
    await expectCode(saveEntities(ctx(owner), { packageId: pkg.id, version: 1, entities: [] }), 'PACKAGE_VERSION_CONFLICT')
    const view = await getPackage(ctx(owner), pkg.id)
    expect(view.package).toMatchObject({ name: 'Editorns', version: 2 })
    expect(view.roles).toHaveLength(2)
  })

  it('lets exactly one of two concurrent saves of one version win', async () => {
    const { owner, editor, pkg } = await setup()
    const results = await Promise.allSettled([
      saveBasics(ctx(owner), { packageId: pkg.id, version: 1, ...basics, name: 'A' }),
      saveBasics(ctx(editor), { packageId: pkg.id, version: 1, ...basics, name: 'B' }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(failed.reason.code).toBe('PACKAGE_VERSION_CONFLICT')
    expect((await getPackage(ctx(owner), pkg.id)).package.version).toBe(2)
  })
})

describe('limits', () => {
  it('refuses names, descriptions, tags, roles and entities over their limits with translated messages', async () => {
    const owner = await createUser()
    const message = async (p: Promise<unknown>) => {
      const error = await p.then(
        () => null,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(ZodError)
      return (error as ZodError).issues[0].message
    }
    expect(await message(createDraft(ctx(owner), { name: 'x'.repeat(121), language: 'sv' }))).toBe('library.errors.nameTooLong')
    expect(await message(createDraft(ctx(owner), { name: 'x', description: 'x'.repeat(5001), language: 'sv' }))).toBe(
      'library.errors.descriptionTooLong',
    )
    expect(await message(createDraft(ctx(owner), { name: 'x', language: 'sv', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }))).toBe(
      'library.errors.tooManyTags',
    )
    expect(await message(createDraft(ctx(owner), { name: 'x', language: 'sv', tags: ['x'.repeat(31)] }))).toBe('library.errors.tagTooLong')
    const ok = await createDraft(ctx(owner), {
      name: 'x'.repeat(120),
      description: 'x'.repeat(5000),
      language: 'en',
      tags: Array.from({ length: 10 }, (_, i) => `${i}`.repeat(30)),
    })
    expect(
      await message(
        saveRoles(ctx(owner), { packageId: ok.packageId, version: 1, roles: Array.from({ length: 21 }, (_, i) => ({ name: `R${i}` })) }),
      ),
    ).toBe('library.errors.tooManyRoles')
    const saved = await saveRoles(ctx(owner), {
      packageId: ok.packageId,
      version: 1,
      roles: Array.from({ length: 20 }, (_, i) => ({ name: `R${i}` })),
    })
    const roles = (await getPackage(ctx(owner), ok.packageId)).roles
    const many = (n: number, roleId: string) => Array.from({ length: n }, (_, i) => ({ roleId, title: `T${i}` }))
    expect(
      await message(saveEntities(ctx(owner), { packageId: ok.packageId, version: saved.version, entities: many(501, roles[0].id) })),
    ).toBe('library.errors.tooManyEntities')
    const full = await saveEntities(ctx(owner), {
      packageId: ok.packageId,
      version: saved.version,
      roleId: roles[0].id,
      entities: many(500, roles[0].id),
    })
    // 500 in one role, then one more in another role: over the package's limit.
    const error = await expectCode(
      saveEntities(ctx(owner), { packageId: ok.packageId, version: full.version, roleId: roles[1].id, entities: many(1, roles[1].id) }),
      'PACKAGE_LIMIT_EXCEEDED',
    )
    expect(error.data).toEqual({ limit: 'entities', max: PACKAGE_LIMITS.entities })
    expect((await getPackage(ctx(owner), ok.packageId)).package.version).toBe(full.version)
  })
})

describe('duplicate', () => {
  it('copies roles and entities into a draft owned by the actor, named in their language', async () => {
    const { owner, viewer, pkg } = await setup()
    const copy = await duplicatePackage(ctx(viewer), pkg.id)
    const view = await getPackage(ctx(viewer), copy.packageId)
    expect(view.package).toMatchObject({ name: 'Skolstart (copy)', status: 'draft', owner: { id: viewer.id } })
    expect(view.roles.map((r) => [r.name, r.entities.map((e) => e.title)])).toEqual([
      ['Lärare', ['Lärare uppgift 1', 'Lärare uppgift 2']],
      ['Elev', ['Elev uppgift 1', 'Elev uppgift 2']],
    ])
    expect(view.roles[0].id).not.toBe(pkg.roles[0].id)
    expect((await duplicatePackage(ctx(owner), pkg.id)).packageId).not.toBe(copy.packageId)
    const sv = await getPackage(ctx(owner), (await duplicatePackage(ctx(owner), pkg.id)).packageId)
    expect(sv.package.name).toBe('Skolstart (kopia)')
    // The original is unchanged.
    expect((await getPackage(ctx(owner), pkg.id)).roles[0].id).toBe(pkg.roles[0].id)
  })
})
