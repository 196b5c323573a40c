import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { MEMBER_IMPORT_MAX_BYTES } from '~/utils/member-import-rules'
import { args, createUser, makeRequest, run, sessionCookieFor, uniqueEmail } from '../../../../tests/support/factories'
import { createGroup, createOrganization } from '../../../../tests/support/org-factories'
import { toastOf } from '../../../../tests/support/toast'
import { xlsxOf } from '../../../../tests/support/xlsx'
import * as members from '../members'
import * as page from './route'

async function setup() {
  const admin = await createUser({ name: 'Astrid Admin' })
  const outsider = await createUser({ name: 'Olle Utanför' })
  const org = await createOrganization({ name: 'Exempelskolan', adminIds: [admin.id] })
  await createGroup(org.id, { ownerId: admin.id, name: 'Kör' })
  return { admin, outsider, org, cookie: await sessionCookieFor(admin) }
}

const path = (orgId: string) => `/organizations/${orgId}/members/import`

function upload(orgId: string, cookie: string, bytes: Uint8Array, name = 'medlemmar.csv', createMissingGroups = false) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)]), name)
  if (createMissingGroups) form.append('createMissingGroups', 'on')
  return new Request(`http://localhost:3000${path(orgId)}`, { method: 'POST', body: form, headers: { Cookie: cookie } })
}

const post = (orgId: string, cookie: string, form: Record<string, string>) => makeRequest(path(orgId), { cookie, form })
const load = (orgId: string, cookie: string, search = '') =>
  run(() => page.loader(args(makeRequest(`${path(orgId)}${search}`, { cookie }), { organizationId: orgId })))
const act = (orgId: string, request: Request) => run(() => page.action(args(request, { organizationId: orgId })))

describe('/organizations/:id/members/import', () => {
  it('uploads a CSV, previews it from the server (no JavaScript needed), applies it, and shows the result per row', async () => {
    const { org, outsider, cookie } = await setup()
    const newcomer = uniqueEmail('ny')
    const csv = `\uFEFFe-post;namn;grupper;Klass\n${outsider.email};Olle;Kör;7A\n${newcomer};Nina;;\ntrasig;X;;\n`
    const uploaded = await act(org.id, upload(org.id, cookie, new TextEncoder().encode(csv), 'Medlemmar Åre.csv'))
    expect(uploaded.status).toBe(302)
    const location = uploaded.headers.get('Location')!
    expect(location).toMatch(new RegExp(`^${path(org.id)}\\?upload=[\\w-]+$`))
    const uploadId = new URL(location, 'http://x').searchParams.get('upload')!

    const preview = await load(org.id, cookie, `?upload=${uploadId}`)
    expect(preview.status).toBe(200)
    expect(preview.data.upload.fileName).toBe('Medlemmar Åre.csv')
    // The preview says which columns it used, as what, and which it left out (issue 35).
    expect(preview.data.upload.columns).toEqual({
      used: [
        { header: 'e-post', column: 'email' },
        { header: 'namn', column: 'name' },
        { header: 'grupper', column: 'groups' },
      ],
      ignored: ['Klass'],
    })
    expect(preview.data.preview.counts).toMatchObject({ add: 1, invite: 1, error: 1 })
    expect(preview.data.preview.sections.map((s: { kind: string }) => s.kind)).toEqual(['error', 'add', 'invite'])
    expect(preview.data.results).toBeNull()

    const applied = await act(org.id, post(org.id, cookie, { intent: 'apply', upload: uploadId }))
    expect(applied.headers.get('Location')).toBe(`${path(org.id)}?upload=${uploadId}`)
    expect((await toastOf(applied.headers, 'en'))?.text).toBe('Import done: 1 added, 1 invited, 0 updated, 1 not imported.')
    const result = await load(org.id, cookie, `?upload=${uploadId}`)
    expect(result.data.preview).toBeNull()
    expect(result.data.results.map((s: { kind: string; count: number }) => [s.kind, s.count])).toEqual([
      ['error', 1],
      ['add', 1],
      ['invite', 1],
    ])
    // Posting the confirmation again (a reload) answers the same result and changes nothing.
    const invitations = () => db().selectFrom('invitations').select('id').where('organization_id', '=', org.id).execute()
    const before = (await invitations()).length
    await act(org.id, post(org.id, cookie, { intent: 'apply', upload: uploadId }))
    expect((await invitations()).length).toBe(before)
  })

  it('takes an .xlsx workbook too', async () => {
    const { org, outsider, cookie } = await setup()
    const bytes = await xlsxOf([
      ['Email', 'Name', 'Groups', 'Group creator'],
      [outsider.email, 'Olle', 'Ny grupp', 'yes'],
    ])
    const uploaded = await act(org.id, upload(org.id, cookie, bytes, 'list.xlsx', true))
    const uploadId = new URL(uploaded.headers.get('Location')!, 'http://x').searchParams.get('upload')!
    const preview = await load(org.id, cookie, `?upload=${uploadId}`)
    expect(preview.data.preview.newGroups).toEqual(['Ny grupp'])
    expect(preview.data.preview.sections[0].rows[0]).toMatchObject({
      email: outsider.email,
      kind: 'add',
      becomesGroupCreator: true,
      createsGroups: ['Ny grupp'],
    })
  })

  it('sends a bad or too large file back to the form with its error, storing nothing', async () => {
    const { org, cookie } = await setup()
    const bad = await act(org.id, upload(org.id, cookie, new TextEncoder().encode('namn\nAnna\n')))
    expect(bad.headers.get('Location')).toBe(`${path(org.id)}?error=IMPORT_NO_EMAIL_COLUMN`)
    const large = await act(org.id, upload(org.id, cookie, new Uint8Array(MEMBER_IMPORT_MAX_BYTES + 10).fill(65)))
    expect(large.headers.get('Location')).toBe(`${path(org.id)}?error=IMPORT_FILE_TOO_LARGE`)
    // A PDF is not a CSV or Excel file: said so, not that its header is wrong.
    const pdf = await act(org.id, upload(org.id, cookie, new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'list.pdf'))
    expect(pdf.headers.get('Location')).toBe(`${path(org.id)}?error=IMPORT_NOT_SPREADSHEET`)
    const none = await act(org.id, upload(org.id, cookie, new Uint8Array()))
    expect(none.headers.get('Location')).toBe(`${path(org.id)}?error=IMPORT_EMPTY`)
    expect((await load(org.id, cookie, '?error=IMPORT_NO_EMAIL_COLUMN')).data.fileError).toBe('IMPORT_NO_EMAIL_COLUMN')
    // Only the import's codes are shown from the URL.
    expect((await load(org.id, cookie, '?error=LAST_ADMIN')).data.fileError).toBeNull()
    expect(await db().selectFrom('member_imports').select('id').where('organization_id', '=', org.id).execute()).toEqual([])
  })

  it('is not found for a plain member and for another organization’s admin, before the upload is read; another admin’s upload is not shown', async () => {
    const { org, outsider, cookie } = await setup()
    const csv = new TextEncoder().encode(`email\n${outsider.email}\n`)
    const uploadId = new URL((await act(org.id, upload(org.id, cookie, csv))).headers.get('Location')!, 'http://x').searchParams.get(
      'upload',
    )!
    const member = await createUser()
    await createOrganization({ memberIds: [member.id] })
    const stranger = await createUser()
    const strangersOrg = await createOrganization({ adminIds: [stranger.id] })
    for (const user of [member, stranger]) {
      const other = await sessionCookieFor(user)
      expect((await load(org.id, other, `?upload=${uploadId}`)).status).toBe(404)
      expect((await act(org.id, upload(org.id, other, csv))).status).toBe(404)
      expect((await act(org.id, post(org.id, other, { intent: 'apply', upload: uploadId }))).status).toBe(404)
    }
    // In their own organization, the upload id of another organization is nothing.
    const strangerCookie = await sessionCookieFor(stranger)
    expect((await load(strangersOrg.id, strangerCookie, `?upload=${uploadId}`)).data.fileError).toBe('IMPORT_NOT_FOUND')
    const applied = await act(strangersOrg.id, post(strangersOrg.id, strangerCookie, { intent: 'apply', upload: uploadId }))
    expect(applied.headers.get('Location')).toBe(`${path(strangersOrg.id)}?error=IMPORT_NOT_FOUND`)
    expect(await db().selectFrom('organization_members').select('user_id').where('user_id', '=', outsider.id).execute()).toEqual([])
  })
})

describe('/organizations/:id/members intent=addByEmail', () => {
  it('adds, invites and says so per address, on the page itself', async () => {
    const { org, outsider, cookie } = await setup()
    const newcomer = uniqueEmail('ny')
    const res = await run(() =>
      members.action(
        args(
          makeRequest(`/organizations/${org.id}/members`, {
            cookie,
            form: { intent: 'addByEmail', emails: `${outsider.email}, ${newcomer}\nfel@` },
          }),
          {
            organizationId: org.id,
          },
        ),
      ),
    )
    expect(res.status).toBe(200)
    expect(res.data.added.map((r: { email: string; result: string }) => [r.email, r.result])).toEqual([
      [outsider.email, 'ADDED'],
      [newcomer, 'INVITED'],
      ['fel@', 'INVALID_EMAIL'],
    ])
    // The address that failed stays in the field (issue 35); the done ones leave it.
    expect(res.data.addResult.initialValue).toEqual({ emails: 'fel@' })
    const allDone = await run(() =>
      members.action(
        args(
          makeRequest(`/organizations/${org.id}/members`, {
            cookie,
            form: { intent: 'addByEmail', emails: `${outsider.email}, ${outsider.email}` },
          }),
          {
            organizationId: org.id,
          },
        ),
      ),
    )
    expect(allDone.data.added.map((r: { result: string }) => r.result)).toEqual(['UNCHANGED'])
    expect(allDone.data.addResult.initialValue ?? null).toBeNull()
    const empty = await run(() =>
      members.action(
        args(makeRequest(`/organizations/${org.id}/members`, { cookie, form: { intent: 'addByEmail', emails: ' ' } }), {
          organizationId: org.id,
        }),
      ),
    )
    expect(empty.status).toBe(400)
    expect(empty.data.addResult.error.emails).toEqual(['validation.required'])
    const tooMany = Array.from({ length: 101 }, (_, i) => `p${i}@example.se`).join(' ')
    const many = await run(() =>
      members.action(
        args(makeRequest(`/organizations/${org.id}/members`, { cookie, form: { intent: 'addByEmail', emails: tooMany } }), {
          organizationId: org.id,
        }),
      ),
    )
    expect(many.status).toBe(400)
    expect(await db().selectFrom('organization_members').select('user_id').where('email', '=', 'p0@example.se').execute()).toEqual([])
  })

  it('is not found for another organization’s admin', async () => {
    const { org, outsider } = await setup()
    const stranger = await createUser()
    await createOrganization({ adminIds: [stranger.id] })
    const cookie = await sessionCookieFor(stranger)
    const res = await run(() =>
      members.action(
        args(makeRequest(`/organizations/${org.id}/members`, { cookie, form: { intent: 'addByEmail', emails: outsider.email } }), {
          organizationId: org.id,
        }),
      ),
    )
    expect(res.status).toBe(404)
  })
})
