import { expect, test } from '@playwright/test'
import { E2E_DATABASE_URL } from '../support/e2e/env'
import { createOrgWorld, orgPath, type DbUser } from '../support/e2e/orgs'
import { productionHeapFlags, startServer, type ServerProcess } from '../support/e2e/second-servers'
import { paddedXml, withParts, xlsxOf } from '../support/xlsx'

/*
 * Issue 33 item 2: a small spreadsheet that unpacks to 150 MB took the whole server down ("heap
 * out of memory" under the production heap flags), for every tenant at once. Here, over HTTP, a
 * server of the production build started as `npm start` starts it (productionHeapFlags), on the
 * e2e database: an admin uploads such files; the server answers each (a translated
 * IMPORT_FILE_INVALID, or a preview when the large part is one a member list does not need), keeps
 * answering another user meanwhile, and is still ready after. No browser: the multipart form posted
 * as a browser without JavaScript would post it.
 */

test.describe.configure({ mode: 'serial' })

let server: ServerProcess

test.beforeAll(async () => {
  test.setTimeout(120_000)
  const flags = productionHeapFlags()
  expect(flags).toContain('--max-old-space-size=128')
  server = await startServer(E2E_DATABASE_URL, undefined, { nodeArgs: flags })
})

test.afterAll(async () => {
  await server?.stop()
})

async function signIn(user: Pick<DbUser, 'email' | 'password'>) {
  const response = await fetch(`${server.baseUrl}/api/v2/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  })
  expect(response.status, await response.clone().text()).toBe(200)
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

const page = (cookie: string, path: string) => fetch(`${server.baseUrl}${path}`, { headers: { cookie }, redirect: 'manual' })

/** Posts the import form with this file; where the server sends the browser next. */
async function upload(cookie: string, organizationId: string, bytes: Uint8Array) {
  const form = new FormData()
  form.append(
    'file',
    new Blob([Uint8Array.from(bytes)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    'medlemmar.xlsx',
  )
  const response = await fetch(`${server.baseUrl}/organizations/${organizationId}/members/import`, {
    method: 'POST',
    headers: { cookie, origin: server.baseUrl },
    body: form,
    redirect: 'manual',
  })
  expect([302, 303], `${response.status} ${server.stderr()}`).toContain(response.status)
  return new URL(response.headers.get('location')!, server.baseUrl)
}

const MB = 1024 * 1024

test('hostile 150 kB workbooks that unpack to 150 MB are answered; the server keeps serving everyone and stays ready', async () => {
  test.setTimeout(120_000)
  const { org, admin, tag } = await createOrgWorld({ memberNames: [] })
  const other = await createOrgWorld({ memberNames: ['Olle Annan'] })
  const [adminCookie, otherCookie] = [await signIn(admin), await signIn(other.admin)]
  const address = `lista-${tag}@example.se`
  const list = await xlsxOf([
    ['E-post', 'Namn'],
    [address, 'Lisa Lista'],
  ])

  // A second sheet of 150 MB of spaces: a part a sheet is read from, past the cap on what is unpacked.
  const sheetBomb = await withParts(list, { 'xl/worksheets/sheet2.xml': paddedXml('worksheet', 150) })
  // 150 MB of zeros in a part a member list does not need, and in an image: never unpacked.
  const paddingBomb = await withParts(list, { 'xl/padding.bin': new Uint8Array(150 * MB) })
  const imageBomb = await withParts(list, { 'xl/media/image1.png': new Uint8Array(150 * MB) })
  for (const bytes of [sheetBomb, paddingBomb, imageBomb]) expect(bytes.length).toBeLessThan(400_000)

  // The refused one, while another organization's admin loads their members page.
  const [refused, otherPage] = await Promise.all([
    upload(adminCookie, org.id, sheetBomb),
    page(otherCookie, orgPath(other.org.id, 'members')),
  ])
  expect(refused.searchParams.get('error')).toBe('IMPORT_FILE_INVALID')
  expect(otherPage.status).toBe(200)
  expect(await otherPage.text()).toContain(`Olle Annan ${other.tag}`)
  const shown = await page(adminCookie, refused.pathname + refused.search)
  expect(shown.status).toBe(200)
  expect(await shown.text()).toContain(
    'Filen gick inte att läsa. Välj en CSV-fil (komma- eller semikolonavgränsad) eller en Excel-arbetsbok (.xlsx).',
  )

  // The others are read without their large part: the preview lists the one person.
  for (const bytes of [paddingBomb, imageBomb]) {
    const accepted = await upload(adminCookie, org.id, bytes)
    expect(accepted.searchParams.get('upload'), accepted.href).toBeTruthy()
    const preview = await page(adminCookie, accepted.pathname + accepted.search)
    expect(preview.status).toBe(200)
    expect(await preview.text()).toContain(address)
  }

  // Still up and ready, and another user's page still loads.
  expect(server.child.exitCode, server.stderr()).toBeNull()
  expect((await fetch(`${server.baseUrl}/healthz?ready=1`)).status).toBe(200)
  const again = await page(otherCookie, orgPath(other.org.id, 'members'))
  expect(again.status).toBe(200)
  expect(await again.text()).toContain(`Olle Annan ${other.tag}`)
})
