import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { args, createUser, makeRequest, sessionCookieFor } from '../../../tests/support/factories'
import { createOrganization } from '../../../tests/support/org-factories'
import * as membersCsv from './members-csv'

async function csvFor(user: { locale: string; timezone: string }, memberName = 'Berg; Bo') {
  const admin = await createUser({ name: 'Astrid Admin', ...user })
  const member = await createUser({ name: memberName, last_request_at: '2026-11-23T13:05:00.000Z' })
  const org = await createOrganization({ name: 'Exempelskolan', adminIds: [admin.id], memberIds: [member.id] })
  await db().updateTable('organization_members').set({ created_at: '2026-07-01T22:30:00.000Z' }).where('user_id', '=', member.id).execute()
  const cookie = await sessionCookieFor(admin)
  const res = (await membersCsv.loader(
    args(makeRequest(`/organizations/${org.id}/members.csv?q=berg`, { cookie }), { organizationId: org.id }),
  )) as Response
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())
}

describe('members CSV for the user’s language and timezone', () => {
  it('gives a Swedish user `;`, a BOM and local times of the user’s timezone (Swedish Excel opens it in columns)', async () => {
    const text = await csvFor({ locale: 'sv', timezone: 'Europe/Stockholm' })
    const [header, row, end, ...rest] = text.split('\r\n')
    expect(header).toBe('\uFEFFNamn;E-post;Gick med;Senast sedd;Administratör;Gruppskapare')
    expect(row).toMatch(/^"Berg; Bo";[^;]+@example\.se;2026-07-02 00:30;2026-11-23 14:05;Nej;Nej$/)
    expect([end, rest]).toEqual(['', []])
  })

  it('gives an English user `,` and the times of the user’s timezone', async () => {
    const text = await csvFor({ locale: 'en', timezone: 'America/New_York' })
    const [header, row] = text.split('\r\n')
    expect(header).toBe('\uFEFFName,Email,Joined,Last seen,Admin,Group creator')
    // Quoted all the same: a spreadsheet of a Swedish region splits at `;`.
    expect(row).toMatch(/^"Berg; Bo",[^,]+@example\.se,2026-07-01 18:30,2026-11-23 08:05,No,No$/)
  })

  it('defuses a formula after leading spaces or after either separator, and quotes the field, in both languages', async () => {
    for (const user of [
      { locale: 'sv', timezone: 'UTC' },
      { locale: 'en', timezone: 'UTC' },
    ]) {
      const [, row] = (await csvFor(user, 'Berg,=HYPERLINK("http://x.example")')).split('\r\n')
      expect(row.startsWith('"Berg,\'=HYPERLINK(""http://x.example"")"')).toBe(true)
      const [, spaced] = (await csvFor(user, '  @Berg;-1')).split('\r\n')
      expect(spaced.startsWith(`"  '@Berg;'-1"`)).toBe(true)
    }
  })
})
