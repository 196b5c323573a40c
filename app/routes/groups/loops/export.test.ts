import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { args, makeRequest, sessionCookieFor, unwrap } from '../../../../tests/support/factories'
import { feedbackGroup } from '../../../../tests/support/feedback-setup'
import { createLoop, createTag } from '../../../../tests/support/group-work-factories'
import { toastOf } from '../../../../tests/support/toast'
import * as exportApi from '../../api/loops/export'
import * as exportScreen from './export'

/** The export's files (docs/group-work.md "Export"): the screen's download and the API's, in both languages and both formats. */

async function download(module: { loader: (a: ReturnType<typeof args>) => unknown }, path: string, user: User, groupId: string) {
  const request = makeRequest(path, { cookie: await sessionCookieFor(user) })
  return (await Promise.resolve(module.loader(args(request, { groupId }))).catch((thrown: unknown) => thrown)) as Response
}

async function world() {
  const setup = await feedbackGroup()
  const { people, group, task } = setup
  const tag = await createTag(group.id, 'Mod')
  // 14:05 in Stockholm (winter time, UTC+1); a text that a spreadsheet would run as a formula.
  await createLoop(group.id, people.other.id, {
    taskId: task.id,
    text: '=HYPERLINK("http://evil")',
    emotion: 5,
    tagIds: [tag.id],
    created: new Date('2026-11-23T13:05:00Z'),
  })
  return setup
}

describe('GET /groups/:groupId/loops/export', () => {
  it('downloads CSV by the Swedish Excel rules in Swedish (BOM, semicolons, local times, formulas defused) and with commas in English', async () => {
    const { people, group } = await world()
    const sv = await download(exportScreen, `/groups/${group.id}/loops/export?format=csv&text=1`, people.owner, group.id)
    expect(sv.status).toBe(200)
    expect(sv.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(sv.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="loopar-bild-7a-\d{4}-\d\d-\d\d\.csv"; filename\*=UTF-8''Loopar%20Bild%207A%20/,
    )
    const bytes = new Uint8Array(await sv.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1).split('\r\n')
    expect(lines[0]).toBe('Uppgift;Författare;Datum;Känsloläge;Taggar;Godkännande;Kommentarer;Text')
    expect(lines).toHaveLength(4 + 2) // header, four loops, the last CRLF
    expect(lines[1]).toBe(`Praktik dag 1;Otto Other;2026-11-23 14:05;5;Mod;Inte godkänd;0;"'=HYPERLINK(""http://evil"")"`)
    expect(lines.some((l) => l.startsWith('Fri loop;Mia Author;') && l.includes(';;0;'))).toBe(true)

    // The leader writes English (the fixture alternates languages): commas, English titles, no text unless asked.
    const en = await download(exportScreen, `/groups/${group.id}/loops/export?format=csv`, people.leader, group.id)
    const enLines = (await en.text()).replace(/^\uFEFF/, '').split('\r\n')
    expect(enLines[0]).toBe('Task,Author,Date,Emotional value,Tags,Approval,Comments')
    expect(enLines[1]).toBe('Praktik dag 1,Otto Other,2026-11-23 14:05,5,Mod,Not approved,0')
  })

  it('downloads an .xlsx workbook: text stays text, dates are dates in the user’s time zone, numbers are numbers', async () => {
    const { people, group } = await world()
    const res = await download(exportScreen, `/groups/${group.id}/loops/export?format=xlsx&text=1`, people.leader, group.id)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(res.headers.get('Content-Disposition')).toContain('.xlsx')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await res.arrayBuffer())
    const sheet = workbook.worksheets[0]
    expect(sheet.name).toBe('Loops')
    expect(sheet.getRow(1).values).toEqual([undefined, 'Task', 'Author', 'Date', 'Emotional value', 'Tags', 'Approval', 'Comments', 'Text'])
    expect(sheet.rowCount).toBe(5)
    const last = sheet.getRow(2) // the oldest loop first
    expect(last.getCell(1).value).toBe('Praktik dag 1')
    expect(last.getCell(3).value).toEqual(new Date('2026-11-23T14:05:00Z'))
    expect(last.getCell(3).numFmt).toBe('yyyy-mm-dd hh:mm')
    expect(last.getCell(4).value).toBe(5)
    expect(last.getCell(7).value).toBe(0)
    expect(last.getCell(8).type).toBe(ExcelJS.ValueType.String)
    expect(last.getCell(8).value).toBe('=HYPERLINK("http://evil")')
  })

  it('refuses a member, a subscriber and an admin outside the group (403), a stranger (404) and a bad format (400), and audits only downloads', async () => {
    const { people, group } = await world()
    const screen = async (user: User, query: string) => {
      const request = makeRequest(`/groups/${group.id}/loops/export${query}`, { cookie: await sessionCookieFor(user) })
      return Promise.resolve(exportScreen.loader(args(request, { groupId: group.id }))).then(unwrap, unwrap)
    }
    const loops = `/groups/${group.id}/loops`
    for (const user of [people.author, people.subscriber, people.admin]) {
      const refused = await screen(user, '?format=csv')
      expect([refused.status, refused.headers.get('Location')]).toEqual([302, loops])
      expect(await toastOf(refused.headers)).toMatchObject({ key: 'errors.FORBIDDEN', type: 'error' })
    }
    expect((await screen(people.stranger, '?format=csv')).status).toBe(404)
    const badFormat = await screen(people.owner, '?format=pdf')
    expect([badFormat.status, badFormat.headers.get('Location')]).toEqual([302, loops])
    expect(await toastOf(badFormat.headers)).toMatchObject({ key: 'loops.export.badFormat', type: 'error' })
    const entries = await db()
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'group.loops.export')
      .where('items', 'like', `%${group.id}%`)
      .execute()
    expect(entries).toEqual([])
  })
})

describe('GET /api/v3/groups/{groupId}/loops/export', () => {
  it('answers the file to the owner and catalogue refusals as JSON to everyone else', async () => {
    const { people, group } = await world()
    const path = `/api/v3/groups/${group.id}/loops/export`
    const ok = await download(exportApi, `${path}?format=csv&text=true`, people.owner, group.id)
    expect(ok.status).toBe(200)
    const okText = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await ok.arrayBuffer())
    expect(okText.split('\r\n')[0]).toBe('\uFEFFUppgift;Författare;Datum;Känsloläge;Taggar;Godkännande;Kommentarer;Text')
    const xlsx = await download(exportApi, `${path}?format=xlsx`, people.leader, group.id)
    expect(xlsx.headers.get('Content-Type')).toContain('spreadsheetml')
    await xlsx.arrayBuffer()
    const refusals: [User, string, number, string][] = [
      [people.author, '?format=csv', 403, 'FORBIDDEN'],
      [people.subscriber, '?format=csv', 403, 'FORBIDDEN'],
      [people.admin, '?format=xlsx', 403, 'FORBIDDEN'],
      [people.stranger, '?format=csv', 404, 'GROUP_NOT_FOUND'],
      [people.owner, '?format=pdf', 400, 'BAD_REQUEST'],
      [people.owner, '', 400, 'BAD_REQUEST'],
    ]
    for (const [user, query, status, message] of refusals) {
      const res = await download(exportApi, `${path}${query}`, user, group.id)
      expect({ status: res.status, body: await res.json() }).toMatchObject({ status, body: { message } })
    }
  })
})
