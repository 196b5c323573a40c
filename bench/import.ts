/**
 * npm run bench:import [-- --database-url postgres://postgres@127.0.0.1:5432/groups_bench]
 *
 * The member import (issue 27 item 7, docs/organizations.md) at the size of the large seeded
 * organization, in this process through the services the import page calls: a fresh database
 * seeded as `npm run bench` does (`db:seed -- --large`: Storkommunen, 10,000 members, 1,000
 * groups), 3,000 accounts outside it, and a generated 10,000-row CSV (semicolons, BOM, Swedish
 * headers, as Swedish Excel writes it):
 *
 *   4,000 members of Storkommunen, each with one of its groups   -> updated (joins the group)
 *   3,000 accounts outside it, every tenth a group creator       -> added
 *   2,900 addresses without an account                           -> invited (an email each, outbox)
 *      50 invalid addresses and 50 repeated rows                 -> errors
 *
 * Measured: upload (parse and store), preview (classify every row against the database), apply
 * (targets: upload + preview < 3 s, apply < 15 s on SQLite), then the same file again (preview and
 * apply: nothing changes), the same rows as an .xlsx workbook (parse only), and what loading
 * exceljs costs the server on first use. Prints a JSON summary at the end; `uptime` first and last.
 */
import { execFileSync } from 'node:child_process'
import { parseArgs } from 'node:util'
import type { Ctx } from '../app/services/context.server'
import { benchData, freshDatabase, withDb } from './database'
import { batches } from '../app/db/batches'

const { values } = parseArgs({ options: { 'database-url': { type: 'string' } } })

const ms = (start: number) => Math.round(performance.now() - start)
/** CPU time of this process (user + system): on SQLite all the work is here, and unlike wall time a busy machine hardly changes it. */
const cpuMs = () => {
  const c = process.cpuUsage()
  return (c.user + c.system) / 1000
}
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim()
const rss = () => Math.round(process.memoryUsage().rss / 1024 / 1024)

async function main() {
  console.log(`load before: ${uptime()}`)
  let started = performance.now()
  await freshDatabase(values['database-url'])
  const data = await benchData()
  console.log(`fresh ${data.dialect} database, ${data.largeOrgName}: ${data.members} members, ${data.groups} groups (${ms(started)} ms)`)

  const { storeMemberImport, previewMemberImport, applyMemberImport } = await import('../app/services/member-import/uploads.server')
  const { newBatchIds, nowIso } = await import('../app/utils/ids.server')

  const summary = await withDb(async (db) => {
    const actor = await db.selectFrom('users').selectAll().where('id', '=', data.adminId).executeTakeFirstOrThrow()
    const ctx = (): Ctx => ({ db, actor, now: new Date(), client: 'bench' })

    // 3,000 accounts outside the organization (not measured).
    const outsiders = newBatchIds(3000).map((id, i) => ({
      id,
      name: `Utomstående ${i}`,
      email: `import-outsider-${i}@example.se`,
      password_hash: null,
      email_verified_at: nowIso(),
      locale: 'sv',
      timezone: 'Europe/Stockholm',
      created_at: nowIso(),
    }))
    for (const batch of batches(outsiders)) await db.insertInto('users').values(batch).execute()
    const members = await db
      .selectFrom('organization_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.email', 'u.name'])
      .where('m.organization_id', '=', data.largeOrgId)
      .where('m.role', '<>', 'admin')
      .orderBy('u.email')
      .limit(4000)
      .execute()
    const groups = await db.selectFrom('groups').select('name').where('organization_id', '=', data.largeOrgId).orderBy('name').execute()

    const lines = ['E-post;Namn;Grupper;Gruppskapare']
    members.forEach((m, i) => lines.push(`${m.email};${m.name};${groups[i % groups.length].name};nej`))
    outsiders.forEach((u, i) => lines.push(`${u.email};${u.name};;${i % 10 === 0 ? 'ja' : 'nej'}`))
    for (let i = 0; i < 2900; i++) lines.push(`import-ny-${i}@example.se;Ny Person ${i};;nej`)
    for (let i = 0; i < 50; i++) lines.push(`inte en adress ${i};Fel ${i};;`)
    for (let i = 0; i < 50; i++) lines.push(`import-ny-${i}@example.se;Dubblett ${i};;`)
    const csv = Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`)
    const rows = lines.length - 1
    console.log(`CSV: ${rows} rows, ${Math.round(csv.length / 1024)} kB`)

    const once = async (label: string) => {
      const step = async <T>(fn: () => Promise<T>) => {
        const t = performance.now()
        const c = cpuMs()
        const value = await fn()
        return { value, wallMs: ms(t), cpuMs: Math.round(cpuMs() - c) }
      }
      const upload = await step(() =>
        storeMemberImport(ctx(), data.largeOrgId, { fileName: 'storkommunen.csv', bytes: csv, createMissingGroups: false }),
      )
      const preview = await step(() => previewMemberImport(ctx(), data.largeOrgId, upload.value))
      const apply = await step(() => applyMemberImport(ctx(), data.largeOrgId, upload.value))
      const outcomes: Record<string, number> = {}
      for (const r of apply.value) outcomes[r.result] = (outcomes[r.result] ?? 0) + 1
      const counts = preview.value.preview!.counts
      console.log(
        `${label}: upload ${upload.wallMs} ms (cpu ${upload.cpuMs}), preview ${preview.wallMs} ms (cpu ${preview.cpuMs}), apply ${apply.wallMs} ms (cpu ${apply.cpuMs}); ${JSON.stringify(counts)} -> ${JSON.stringify(outcomes)}`,
      )
      return {
        upload: { wallMs: upload.wallMs, cpuMs: upload.cpuMs },
        preview: { wallMs: preview.wallMs, cpuMs: preview.cpuMs },
        uploadAndPreviewMs: upload.wallMs + preview.wallMs,
        apply: { wallMs: apply.wallMs, cpuMs: apply.cpuMs },
        counts,
        outcomes,
      }
    }

    const outbox = async () =>
      Number(
        (
          await db
            .selectFrom('mail_outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const mailsBefore = await outbox()
    const first = await once('first import')
    const mailsAfterFirst = await outbox()
    const second = await once('same file again')
    const mailsAfterSecond = await outbox()

    // The same rows as an .xlsx workbook: parse only (and exceljs's first load).
    const rssBefore = rss()
    started = performance.now()
    const { default: ExcelJS } = await import('exceljs')
    const exceljsLoadMs = ms(started)
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Medlemmar')
    for (const line of lines) sheet.addRow(line.split(';'))
    const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer())
    const { parseMemberFile } = await import('../app/services/member-import/parse.server')
    started = performance.now()
    const parsed = await parseMemberFile(xlsx)
    const xlsxParseMs = ms(started)
    started = performance.now()
    await parseMemberFile(csv)
    const csvParseMs = ms(started)
    console.log(
      `xlsx: ${Math.round(xlsx.length / 1024)} kB, ${parsed.length} rows parsed in ${xlsxParseMs} ms (CSV: ${csvParseMs} ms); exceljs loads in ${exceljsLoadMs} ms, RSS ${rssBefore} -> ${rss()} MB`,
    )
    return {
      dialect: data.dialect,
      rows,
      csvKb: Math.round(csv.length / 1024),
      first,
      second,
      invitationEmails: { first: mailsAfterFirst - mailsBefore, second: mailsAfterSecond - mailsAfterFirst },
      xlsx: { kb: Math.round(xlsx.length / 1024), parseMs: xlsxParseMs, csvParseMs, exceljsLoadMs },
      targets: {
        uploadAndPreviewUnder3s: first.uploadAndPreviewMs < 3000,
        applyUnder15s: first.apply.wallMs < 15000,
        secondChangesNothing: mailsAfterSecond === mailsAfterFirst,
      },
    }
  })
  console.log(`load after: ${uptime()}`)
  console.log(JSON.stringify(summary, null, 2))
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
