import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { args, createUser, makeRequest, run, sessionCookieFor } from '../../../../tests/support/factories'
import { createPackage, createPendingInvitations } from '../../../../tests/support/library-factories'
import en from '~/i18n/locales/en/library.json'
import sv from '~/i18n/locales/sv/library.json'
import { PACKAGE_LIMITS } from '~/services/library/packages.schemas'
import { applyListOp, readListOp } from './list-ops'
import { action, loader } from './route'
import { toastOf } from '../../../../tests/support/toast'

const location = (res: { headers: Headers }) => res.headers.get('Location')

const newStep = (step: string, qs = '') => ({ path: `/library/packages/new/${step}${qs}`, params: { step } })
const editStep = (step: string, pid: string, qs = '') => ({ path: `/library/packages/edit/${step}/${pid}${qs}`, params: { step, pid } })

async function post(cookie: string, target: { path: string; params: Record<string, string> }, form: Record<string, string | string[]>) {
  return run(() => action(args(makeRequest(target.path, { form, cookie }), target.params)))
}
async function load(cookie: string, target: { path: string; params: Record<string, string> }) {
  return run(() => loader(args(makeRequest(target.path, { cookie }), target.params)))
}
const packageRow = (id: string) => db().selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const roleNames = async (id: string) =>
  (await db().selectFrom('package_roles').select('name').where('package_id', '=', id).orderBy('position').execute()).map((r) => r.name)

describe('list ops', () => {
  it('reads the buttons and applies them to the posted list', () => {
    const items = ['a', 'b', 'c']
    expect(applyListOp(items, 'roles', readListOp('move:roles:2:0'), () => 'x')).toEqual(['c', 'a', 'b'])
    expect(applyListOp(items, 'roles', readListOp('remove:roles:1'), () => 'x')).toEqual(['a', 'c'])
    expect(applyListOp(items, 'roles', readListOp('add:roles'), () => 'x')).toEqual(['a', 'b', 'c', 'x'])
    expect(applyListOp(items, 'tasks', readListOp('add:roles'), () => 'x')).toBe(items)
    expect(applyListOp(items, 'roles', readListOp('move:roles:0:9'), () => 'x')).toBe(items)
    expect(readListOp(null)).toEqual({ kind: 'save' })
    expect(readListOp('move:roles:x:1')).toEqual({ kind: 'save' })
    expect(readListOp('role:r1')).toEqual({ kind: 'role', roleId: 'r1' })
    expect(readListOp('step:2')).toEqual({ kind: 'step', step: 2 })
    expect(readListOp('step:0')).toEqual({ kind: 'save' })
    expect(readListOp('role:')).toEqual({ kind: 'save' })
  })
})

describe('new package wizard', () => {
  it('a new package starts in its author’s language (issue 35)', async () => {
    for (const locale of ['en', 'sv'] as const) {
      const author = await createUser({ locale })
      const page = await load(await sessionCookieFor(author), newStep('1'))
      expect(page.data.authorLanguage).toBe(locale)
    }
  })

  it('step 1 creates a draft and goes to step 2 with it; step 2 edits the roles without saving, then saves and finishes', async () => {
    const user = await createUser()
    const cookie = await sessionCookieFor(user)
    expect(location(await load(cookie, newStep('2')))).toBe('/library/packages/new/1')
    expect((await load(cookie, newStep('3'))).status).toBe(404)

    const invalid = await post(cookie, newStep('1'), { intent: 'basics', op: 'next', name: '', language: 'sv', tags: '' })
    expect(invalid.status).toBe(400)
    expect(invalid.data.errors.name).toEqual(['validation.required'])

    const created = await post(cookie, newStep('1'), {
      intent: 'basics',
      op: 'next',
      name: 'Matte 1',
      description: 'Bra',
      language: 'en',
      tags: 'matte, algebra',
    })
    expect(location(created)).toMatch(/^\/library\/packages\/new\/2\?pid=\w+$/)
    const pid = new URL(location(created)!, 'http://x').searchParams.get('pid')!
    const draft = await packageRow(pid)
    expect(draft).toMatchObject({ name: 'Matte 1', status: 'draft', language: 'en', owner_id: user.id })
    expect(JSON.parse(draft.tags)).toEqual(['matte', 'algebra'])

    const step2 = newStep('2', `?pid=${pid}`)
    const page = await load(cookie, step2)
    expect(page.data).toMatchObject({ mode: 'new', step: 2, pid })
    const version = String(page.data.view.package.version)

    // Add a role: the list comes back with a new empty row, nothing saved.
    const added = await post(cookie, step2, {
      intent: 'roles',
      op: 'add:roles',
      version,
      'roles[0].key': 'new-a',
      'roles[0].name': 'Lärare',
    })
    expect(added.data.roles).toHaveLength(2)
    expect(added.data.roles[0]).toMatchObject({ key: 'new-a', name: 'Lärare' })
    expect(await roleNames(pid)).toEqual([])
    // Move the second up, as typed.
    const moved = await post(cookie, step2, {
      intent: 'roles',
      op: 'move:roles:1:0',
      version,
      'roles[0].key': 'new-a',
      'roles[0].name': 'Lärare',
      'roles[1].key': 'new-b',
      'roles[1].name': 'Elev',
    })
    expect(moved.data.roles.map((r: { name: string }) => r.name)).toEqual(['Elev', 'Lärare'])

    // Back saves too, and keeps what was entered.
    const back = await post(cookie, step2, { intent: 'roles', op: 'back', version, 'roles[0].key': 'new-b', 'roles[0].name': 'Elev' })
    expect(location(back)).toBe(`/library/packages/new/1?pid=${pid}`)
    expect(await roleNames(pid)).toEqual(['Elev'])
    expect((await load(cookie, newStep('1', `?pid=${pid}`))).data.view.package.name).toBe('Matte 1')

    const current = String((await packageRow(pid)).version)
    const finished = await post(cookie, step2, {
      intent: 'roles',
      op: 'next',
      version: current,
      'roles[0].key': (await db().selectFrom('package_roles').select('id').where('package_id', '=', pid).executeTakeFirstOrThrow()).id,
      'roles[0].name': 'Elev',
      'roles[1].key': 'new-c',
      'roles[1].name': 'Lärare',
    })
    // No task yet: the roles are saved, and finishing asks first (the package stays a draft).
    expect(finished.status).toBe(200)
    expect(finished.data).toEqual({ intent: 'finish-empty', version: (await packageRow(pid)).version })
    expect((await packageRow(pid)).status).toBe('draft')
    expect(await roleNames(pid)).toEqual(['Elev', 'Lärare'])
    const unconfirmed = await post(cookie, step2, { intent: 'finish-empty', version: String((await packageRow(pid)).version) })
    expect(unconfirmed.data).toEqual({ intent: 'finish-empty' })
    expect((await packageRow(pid)).status).toBe('draft')
    const confirmed = await post(cookie, step2, {
      intent: 'finish-empty',
      confirmed: '1',
      version: String((await packageRow(pid)).version),
    })
    expect(location(confirmed)).toBe(`/library/packages/view/${pid}`)
    expect((await toastOf(confirmed.headers, 'en'))?.text).toBe('“Matte 1” is saved.')
    expect((await packageRow(pid)).status).toBe('published')
  })
})

describe('edit package wizard', () => {
  it('is for owners and editors: 404 for strangers, 403 for viewers, and step 4 shows sharing', async () => {
    const owner = await createUser()
    const editor = await createUser()
    const viewer = await createUser()
    const stranger = await createUser()
    const pkg = await createPackage({
      ownerId: owner.id,
      collaborators: [
        { userId: editor.id, access: 'edit' },
        { userId: viewer.id, access: 'view' },
      ],
    })
    expect((await load(await sessionCookieFor(stranger), editStep('1', pkg.id))).status).toBe(404)
    expect((await load(await sessionCookieFor(viewer), editStep('1', pkg.id))).status).toBe(403)
    expect(
      (
        await post(await sessionCookieFor(stranger), editStep('1', pkg.id), {
          intent: 'basics',
          op: 'save',
          name: 'X',
          language: 'sv',
          version: '1',
        })
      ).status,
    ).toBe(404)
    const sharing = await load(await sessionCookieFor(editor), editStep('4', pkg.id))
    expect(sharing.data.sharing.canManage).toBe(false)
    expect((await load(await sessionCookieFor(owner), editStep('4', pkg.id))).data.sharing.canManage).toBe(true)
    expect((await load(await sessionCookieFor(owner), editStep('5', pkg.id))).status).toBe(404)
  })

  it('a save of a version someone else has saved since is refused with the conflict, what was typed kept', async () => {
    const owner = await createUser()
    const editor = await createUser()
    const pkg = await createPackage({ ownerId: owner.id, name: 'Gemensamt', collaborators: [{ userId: editor.id, access: 'edit' }] })
    const step1 = editStep('1', pkg.id)
    const first = await post(await sessionCookieFor(owner), step1, {
      intent: 'basics',
      op: 'save',
      version: '1',
      name: 'Ägarens namn',
      language: 'sv',
    })
    expect(location(first)).toBe(step1.path)
    const second = await post(await sessionCookieFor(editor), step1, {
      intent: 'basics',
      op: 'save',
      version: '1',
      name: 'Redaktörens namn',
      language: 'sv',
    })
    expect(second.status).toBe(409)
    expect(second.data).toMatchObject({ intent: 'basics', conflict: true, values: { name: 'Redaktörens namn' } })
    expect((await packageRow(pkg.id)).name).toBe('Ägarens namn')
  })

  it('step 3 saves the tasks of one role and goes role by role, then to sharing', async () => {
    const owner = await createUser()
    const pkg = await createPackage({ ownerId: owner.id, roles: ['Lärare', 'Elev'], tasksPerRole: 1 })
    const cookie = await sessionCookieFor(owner)
    const page = await load(cookie, editStep('3', pkg.id))
    const [teacher, student] = page.data.view.roles
    expect(page.data.roleId).toBe(teacher.id)
    const form = (roleId: string, op: string) => ({
      intent: 'entities',
      op,
      version: String(page.data.view.package.version),
      roleId,
      'tasks[0].key': 'new-1',
      'tasks[0].title': 'Läs kapitel 1',
      'tasks[0].kind': 'reading',
      'tasks[0].dayOffset': '2',
    })
    const invalid = await post(cookie, editStep('3', pkg.id), { ...form(teacher.id, 'next'), 'tasks[0].dayOffset': '1.5' })
    expect(invalid.status).toBe(400)
    expect(invalid.data.errors['tasks[0].dayOffset']).toEqual(['library.errors.dayOffset'])
    const next = await post(cookie, editStep('3', pkg.id), form(teacher.id, 'next'))
    expect(location(next)).toBe(`/library/packages/edit/3/${pkg.id}?role=${student.id}`)
    const tasks = await db().selectFrom('package_entities').selectAll().where('role_id', '=', teacher.id).execute()
    expect(tasks.map((t) => [t.title, t.kind, t.day_offset])).toEqual([['Läs kapitel 1', 'reading', 2]])
    const version = String((await packageRow(pkg.id)).version)
    const last = await post(cookie, editStep('3', pkg.id, `?role=${student.id}`), { ...form(student.id, 'next'), version })
    expect(location(last)).toBe(`/library/packages/edit/4/${pkg.id}`)
  })

  it('step 3: a role tab or a step saves what was typed (a new row left empty is dropped), then shows that role or step', async () => {
    const owner = await createUser()
    const pkg = await createPackage({ ownerId: owner.id, roles: ['Lärare', 'Elev'], tasksPerRole: 0 })
    const cookie = await sessionCookieFor(owner)
    const page = await load(cookie, editStep('3', pkg.id))
    const [teacher, student] = page.data.view.roles
    const typed = (op: string, version: string) => ({
      intent: 'entities',
      op,
      version,
      roleId: teacher.id,
      'tasks[0].key': 'new-1',
      'tasks[0].title': 'Planera första veckan',
      'tasks[0].kind': 'task',
      'tasks[1].key': 'new-2',
      'tasks[1].title': '',
      'tasks[1].kind': 'task',
    })
    const tab = await post(cookie, editStep('3', pkg.id), typed(`role:${student.id}`, String(page.data.view.package.version)))
    expect(location(tab)).toBe(`/library/packages/edit/3/${pkg.id}?role=${student.id}`)
    const saved = await db().selectFrom('package_entities').select('title').where('role_id', '=', teacher.id).execute()
    expect(saved.map((t) => t.title)).toEqual(['Planera första veckan'])
    // A task half typed (no title) is not lost: the role stays, with the error beside it.
    const half = await post(cookie, editStep('3', pkg.id), {
      ...typed(`role:${student.id}`, String((await packageRow(pkg.id)).version)),
      'tasks[1].instructions': 'Något',
    })
    expect(half.status).toBe(400)
    expect(half.data.tasks.map((t: { instructions: string }) => t.instructions)).toEqual(['', 'Något'])
    const steps = await post(cookie, editStep('3', pkg.id), { ...typed('step:1', String((await packageRow(pkg.id)).version)) })
    expect(location(steps)).toBe(`/library/packages/edit/1/${pkg.id}`)
  })

  it('step 3: leaving the last role of a draft without any task asks before finishing', async () => {
    const owner = await createUser()
    const pkg = await createPackage({ ownerId: owner.id, roles: ['Elev'], tasksPerRole: 0, status: 'draft' })
    const cookie = await sessionCookieFor(owner)
    const page = await load(cookie, editStep('3', pkg.id))
    const next = await post(cookie, editStep('3', pkg.id), {
      intent: 'entities',
      op: 'next',
      version: String(page.data.view.package.version),
      roleId: page.data.roleId,
    })
    expect(next.data).toEqual({ intent: 'finish-empty', version: (await packageRow(pkg.id)).version })
    expect((await packageRow(pkg.id)).status).toBe('draft')
    const confirmed = await post(cookie, editStep('3', pkg.id), {
      intent: 'finish-empty',
      confirmed: '1',
      version: String((await packageRow(pkg.id)).version),
    })
    expect(location(confirmed)).toBe(`/library/packages/edit/4/${pkg.id}`)
    expect((await packageRow(pkg.id)).status).toBe('published')
  })

  it('step 3 saves a role with hundreds of tasks in one post', async () => {
    const owner = await createUser()
    const pkg = await createPackage({ ownerId: owner.id, roles: ['Elev'], tasksPerRole: 0 })
    const cookie = await sessionCookieFor(owner)
    const page = await load(cookie, editStep('3', pkg.id))
    const form: Record<string, string> = {
      intent: 'entities',
      op: 'save',
      version: String(page.data.view.package.version),
      roleId: page.data.roleId,
    }
    for (let i = 0; i < 300; i++)
      Object.assign(form, {
        [`tasks[${i}].key`]: `new-${i}`,
        [`tasks[${i}].title`]: `Uppgift ${i}`,
        [`tasks[${i}].instructions`]: '',
        [`tasks[${i}].kind`]: 'task',
        [`tasks[${i}].dayOffset`]: String(i),
      })
    const saved = await post(cookie, editStep('3', pkg.id), form)
    expect(saved.status).toBe(302)
    expect(
      Number(
        (
          await db()
            .selectFrom('package_entities')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('package_id', '=', pkg.id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(300)
  })

  it('step 4: the owner invites, creates a link shown once, and hands over after confirming', async () => {
    const owner = await createUser()
    const editor = await createUser()
    const pkg = await createPackage({ ownerId: owner.id, collaborators: [{ userId: editor.id, access: 'edit' }] })
    const cookie = await sessionCookieFor(owner)
    const step4 = editStep('4', pkg.id)
    const invited = await post(cookie, step4, { intent: 'invite', email: 'ny@example.se', access: 'view' })
    expect(location(invited)).toBe(step4.path)
    // The same address again: the invitation it has, and the page says so (issue 35).
    const again = await post(cookie, step4, { intent: 'invite', email: 'ny@example.se', access: 'view' })
    expect(location(again)).toBe(step4.path)
    expect(await toastOf(again.headers)).toMatchObject({
      key: 'library.wizard.sharing.alreadyInvitedJustNow',
      values: { email: 'ny@example.se' },
    })
    const editorAgain = await post(cookie, step4, { intent: 'invite', email: editor.email, access: 'view' })
    expect(editorAgain.status).toBe(409)
    expect(editorAgain.data.errors.email).toEqual(['errors.PACKAGE_ALREADY_SHARED'])

    // The package's cap on pending invitations: the address typed comes back with the message beside it, nothing written.
    await createPendingInvitations(pkg.id, owner.id, 199)
    const full = await post(cookie, step4, { intent: 'invite', email: 'en-till@example.se', access: 'edit' })
    expect(full.status).toBe(400)
    expect(full.data).toEqual({
      intent: 'invite',
      errors: { email: ['library.errors.tooManyInvitations'] },
      typed: { email: 'en-till@example.se', access: 'edit' },
    })
    expect(await db().selectFrom('package_invitations').select('id').where('email', '=', 'en-till@example.se').execute()).toEqual([])
    for (const locale of [en, sv]) expect(locale.library.errors.tooManyInvitations).toContain(String(PACKAGE_LIMITS.pendingInvitations))

    const link = await post(cookie, step4, { intent: 'create-link', expiresAt: '' })
    const cookies = link.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const shown = await load(`${cookie}; ${cookies}`, step4)
    expect(shown.data.newLink).toMatch(/\/library\/packages\/accept-share-link\?token=[\w-]{22,}$/)
    expect(shown.headers.getSetCookie().join()).toMatch(/new-share-link=;/)

    const asked = await post(cookie, step4, { intent: 'hand-over', userId: editor.id })
    expect(asked.data).toMatchObject({ intent: 'confirm', confirm: { intent: 'hand-over', fields: { userId: editor.id } } })
    expect((await packageRow(pkg.id)).owner_id).toBe(owner.id)
    const done = await post(cookie, step4, { intent: 'hand-over', userId: editor.id, confirmed: '1' })
    expect(location(done)).toBe(`/library/packages/view/${pkg.id}`)
    expect((await packageRow(pkg.id)).owner_id).toBe(editor.id)
  })
})
