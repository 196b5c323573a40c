import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { POLICY_CHANGED } from '~/services/audit-actions'
import { recordAudit } from '~/services/audit.server'
import { ctxFor } from '~/services/context.server'
import { createDirectoryToken, revokeDirectoryToken } from '~/services/directory/tokens.server'
import { removeMembers } from '~/services/members/member-removal.server'
import { addPlatformOrganizationAdmin, removePlatformOrganizationAdmin } from '~/services/platform/platform-organizations.server'
import { newId } from '~/utils/ids.server'
import { args, createUser, makeRequest, run, sessionCookieFor } from '../../../../tests/support/factories'
import { addMember, createGroup, createOrganization } from '../../../../tests/support/org-factories'
import * as csvRoute from './audit-csv'
import * as page from './route'

/*
 * The organization's audit log (/organizations/:id/audit and audit.csv) as plain functions: each
 * filter, paging, the CSV, and who may see it.
 */

async function setup() {
  const admin = await createUser({ name: 'Astrid Admin', locale: 'en', timezone: 'Europe/Stockholm' })
  const member = await createUser({ name: 'Bo Medlem' })
  const org = await createOrganization({ name: 'Exempelskolan', adminIds: [admin.id], memberIds: [member.id] })
  return { admin, member, org, cookie: await sessionCookieFor(admin) }
}

/** An entry written as a service writes it, at a given moment. */
async function entry(
  actor: User | null,
  organizationId: string,
  action: Parameters<typeof recordAudit>[1]['action'],
  at: string,
  items: string[] = [],
  result: Record<string, unknown> = { SUCCESS: 1 },
  directoryTokenId?: string,
) {
  const ctx = { ...ctxFor(actor), now: new Date(at), directoryTokenId }
  return recordAudit(ctx, { organizationId, action, items, result })
}

/** A service context a second from now. */
const later = (actor: User) => ({ ...ctxFor(actor), now: new Date(Date.now() + 1000) })

const load = async (cookie: string, organizationId: string, search = '') =>
  run(() => page.loader(args(makeRequest(`/organizations/${organizationId}/audit${search}`, { cookie }), { organizationId })))

const csv = async (cookie: string, organizationId: string, search = '') => {
  const res = await run(() =>
    csvRoute.loader(args(makeRequest(`/organizations/${organizationId}/audit.csv${search}`, { cookie }), { organizationId })),
  )
  return res
}

const csvText = async (cookie: string, organizationId: string, search = '') => {
  const res = (await csvRoute.loader(
    args(makeRequest(`/organizations/${organizationId}/audit.csv${search}`, { cookie }), { organizationId }),
  )) as Response
  return { res, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) }
}

describe('/organizations/:id/audit', () => {
  it('lists every entry newest first with actor, target and outcome; another organization’s entries never', async () => {
    const { admin, member, org, cookie } = await setup()
    const group = await createGroup(org.id, { name: 'Klass 7A', ownerId: admin.id })
    await entry(admin, org.id, 'groups.delete', '2026-11-02T10:00:00Z', [group.id, newId()], { SUCCESS: 1, GROUP_NOT_FOUND: 1 })
    await entry(admin, org.id, 'members.remove', '2026-11-03T10:00:00Z', [member.id])
    await entry(admin, org.id, 'organization.rename', '2026-11-04T10:00:00Z', [org.id], { SUCCESS: 1, name: 'Ny' })
    const other = await createOrganization({ adminIds: [admin.id] })
    await entry(admin, other.id, 'organization.rename', '2026-11-05T10:00:00Z', [other.id])

    const res = await load(cookie, org.id)
    expect(res.status).toBe(200)
    expect(res.data.page.total).toBe(3)
    expect(res.data.page.items.map((e: { action: string }) => e.action)).toEqual(['organization.rename', 'members.remove', 'groups.delete'])
    const [renamed, removed, deleted] = res.data.page.items
    expect(renamed).toMatchObject({
      actorName: 'Astrid Admin',
      byDirectory: false,
      target: { kind: 'organization', names: [], count: 1 },
      outcome: { kind: 'success' },
    })
    expect(removed.target).toEqual({ kind: 'user', names: ['Bo Medlem'], count: 1 })
    // A group that is gone is counted, not named; the outcome says what failed.
    expect(deleted.target).toEqual({ kind: 'group', names: ['Klass 7A'], count: 2 })
    expect(deleted.outcome).toMatchObject({ kind: 'partial', succeeded: 1, total: 2, failures: [['GROUP_NOT_FOUND', 1]] })
    // The raw result (names, ids of others) is not sent to the page.
    expect(renamed).not.toHaveProperty('result')
    expect(res.data.actors).toEqual([{ value: `u:${admin.id}`, name: 'Astrid Admin', byDirectory: false }])
    expect(res.data.timeZone).toBe('Europe/Stockholm')
  })

  it('filters by action, by actor (a person or the directory by its token) and by days in the admin’s timezone', async () => {
    const { admin, member, org, cookie } = await setup()
    const other = await createUser({ name: 'Cilla Admin' })
    await addMember(org.id, other.id, { role: 'admin' })
    const { id: tokenId } = await createDirectoryToken(ctxFor(admin), org.id, 'Skolans katalog')
    await entry(null, org.id, 'directory.users.create', '2026-11-10T12:00:00Z', [member.id], { SUCCESS: 1 }, tokenId)
    // 23:30 UTC on the 10th is 00:30 on the 11th in Stockholm.
    await entry(other, org.id, 'members.remove', '2026-11-10T23:30:00Z', [member.id])
    await entry(admin, org.id, 'members.remove', '2026-11-12T08:00:00Z', [member.id])

    const actions = (r: Awaited<ReturnType<typeof load>>) =>
      r.data.page.items.map((e: { action: string; actorName: string }) => `${e.action} ${e.actorName}`)
    expect(actions(await load(cookie, org.id, '?action=members.remove'))).toEqual([
      'members.remove Astrid Admin',
      'members.remove Cilla Admin',
    ])
    expect(actions(await load(cookie, org.id, `?actor=u:${other.id}`))).toEqual(['members.remove Cilla Admin'])
    const byDirectory = await load(cookie, org.id, `?actor=d:${tokenId}`)
    expect(byDirectory.data.page.items).toEqual([
      expect.objectContaining({ action: 'directory.users.create', actorName: 'Skolans katalog', byDirectory: true }),
    ])
    // The token's creation (made now, so the newest) was the admin's, not the directory's.
    expect(actions(await load(cookie, org.id, `?actor=u:${admin.id}`))).toEqual([
      'directory.tokens.create Astrid Admin',
      'members.remove Astrid Admin',
    ])
    expect(actions(await load(cookie, org.id, '?from=2026-11-11&to=2026-11-11'))).toEqual(['members.remove Cilla Admin'])
    expect(actions(await load(cookie, org.id, '?from=2026-11-12&to=2026-11-20'))).toEqual(['members.remove Astrid Admin'])
    expect((await load(cookie, org.id, '?to=2026-11-10')).data.page.items.map((e: { action: string }) => e.action)).toEqual([
      'directory.users.create',
    ])
    // Filters combine.
    expect(actions(await load(cookie, org.id, `?action=members.remove&actor=u:${admin.id}&from=2026-11-01&to=2026-11-30`))).toEqual([
      'members.remove Astrid Admin',
    ])
    // The actor list: people first, then the directory's tokens.
    const all = await load(cookie, org.id)
    expect(all.data.actors.map((a: { value: string }) => a.value)).toEqual([`u:${admin.id}`, `u:${other.id}`, `d:${tokenId}`])

    // A from date after the to date matches nothing, and the page says why.
    const reversed = await load(cookie, org.id, '?from=2026-11-12&to=2026-11-01')
    expect(reversed.data).toMatchObject({ reversedRange: true, page: { total: 0, items: [] } })
    // Unknown values are left out, as the list pages do with a bad sort.
    const junk = await load(cookie, org.id, '?action=drop.tables&actor=x:1&from=2026-13-45&to=yesterday')
    expect(junk.data.query).toEqual({ action: '', actor: '', from: '', to: '' })
    expect(junk.data.page.total).toBe(4)
  })

  it('pages 50 at a time, and a page past the end goes to the last one, filters kept', async () => {
    const { admin, member, org, cookie } = await setup()
    const rows = Array.from({ length: 53 }, (_, i) => ({
      id: newId(),
      organization_id: org.id,
      actor_id: admin.id,
      action: 'groupCreators.add',
      items: JSON.stringify([member.id]),
      result: JSON.stringify({ SUCCESS: 1 }),
      created_at: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
      status: 'done' as const,
    }))
    await db().insertInto('audit_log').values(rows).execute()
    const first = await load(cookie, org.id)
    expect(first.data.page).toMatchObject({ total: 53, page: 1, pageSize: 50 })
    expect(first.data.page.items).toHaveLength(50)
    expect(first.data.page.items[0].created).toBe(rows[52].created_at)
    const second = await load(cookie, org.id, '?action=groupCreators.add&page=2')
    expect(second.data.page.items.map((e: { _id: string }) => e._id)).toEqual([rows[2].id, rows[1].id, rows[0].id])
    const past = await load(cookie, org.id, '?action=groupCreators.add&page=9')
    expect(past.status).toBe(302)
    expect(past.headers.get('Location')).toBe(`/organizations/${org.id}/audit?action=groupCreators.add&page=2`)
  })

  it('shows a change of the admins’ sign-in policy, and an action this version does not know by its name', async () => {
    const { admin, org, cookie } = await setup()
    await entry(admin, org.id, POLICY_CHANGED, '2026-11-02T10:00:00Z', [org.id], { SUCCESS: 1, require: 'two-step' })
    await db()
      .insertInto('audit_log')
      .values({
        id: newId(),
        organization_id: org.id,
        actor_id: admin.id,
        action: 'future.thing',
        items: '[]',
        result: '{}',
        created_at: '2026-11-03T10:00:00Z',
        status: 'done',
      })
      .execute()
    const res = await load(cookie, org.id)
    expect(res.data.page.items.map((e: { action: string; target: { kind: string | null } }) => [e.action, e.target.kind])).toEqual([
      ['future.thing', null],
      [POLICY_CHANGED, 'organization'],
    ])
    const { text } = await csvText(cookie, org.id)
    expect(text).toContain('Changed the two-step verification policy,The organization,1,Done')
    expect(text).toContain('future.thing')
  })

  it('records only the organization’s people, and names only its present and past members (issue 33)', async () => {
    const { admin, member, org, cookie } = await setup()
    const stranger = await createUser({ name: 'Sara Stranger' })
    await createOrganization({ memberIds: [stranger.id] })
    const leaver = await createUser({ name: 'Lea Leaver' })
    await addMember(org.id, leaver.id)
    // A bulk call naming someone outside: they are counted, not recorded.
    const results = await removeMembers(later(admin), org.id, [leaver.id, stranger.id])
    expect(results.map((r) => r.result)).toEqual(['SUCCESS', 'MEMBER_NOT_FOUND'])
    const recorded = await db()
      .selectFrom('audit_log')
      .select(['items', 'result'])
      .where('organization_id', '=', org.id)
      .where('action', '=', 'members.remove')
      .executeTakeFirstOrThrow()
    expect([JSON.parse(recorded.items), JSON.parse(recorded.result)]).toEqual([
      [leaver.id],
      { SUCCESS: 1, MEMBER_NOT_FOUND: 1, notRecorded: 1 },
    ])
    // An entry recorded before that rule, with the stranger's id kept: only present members are named there.
    await entry(admin, org.id, 'groupCreators.add', '2026-11-01T10:00:00Z', [stranger.id, member.id, leaver.id], {
      SUCCESS: 1,
      MEMBER_NOT_FOUND: 2,
    })
    // One without a not-found item: its people were members, and one who has left since is named.
    await entry(admin, org.id, 'attendance.grant', '2026-10-01T10:00:00Z', [leaver.id])

    const res = await load(cookie, org.id)
    const [removed, legacy, granted] = res.data.page.items
    expect(removed.target).toEqual({ kind: 'user', names: ['Lea Leaver'], count: 1 })
    expect(legacy.target).toEqual({ kind: 'user', names: ['Bo Medlem'], count: 3 })
    expect(granted.target).toEqual({ kind: 'user', names: ['Lea Leaver'], count: 1 })
    const { text } = await csvText(cookie, org.id)
    expect(text).toContain('Lea Leaver')
    expect(text).not.toContain('Sara Stranger')
  })

  it('is not found for a plain member, a group creator, another organization’s admin and an unknown id; its CSV too', async () => {
    const { org, member } = await setup()
    const creator = await createUser()
    await addMember(org.id, creator.id, { groupCreator: true })
    const otherAdmin = await createUser()
    await createOrganization({ adminIds: [otherAdmin.id] })
    for (const [user, id] of [
      [member, org.id],
      [creator, org.id],
      [otherAdmin, org.id],
      [otherAdmin, newId()],
    ] as const) {
      const cookie = await sessionCookieFor(user)
      expect((await load(cookie, id)).status).toBe(404)
      expect((await csv(cookie, id)).status).toBe(404)
    }
    const anonymous = await run(() => page.loader(args(makeRequest(`/organizations/${org.id}/audit`), { organizationId: org.id })))
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('Location')).toBe(`/signin?redirectTo=${encodeURIComponent(`/organizations/${org.id}/audit`)}`)
    expect(page.handle).toEqual({ breadcrumb: 'orgAudit.title' })
  })
})

describe('/organizations/:id/audit.csv', () => {
  it('downloads the filtered entries, all pages, with translated titles, local times and the Swedish Excel rules', async () => {
    const { admin, member, org } = await setup()
    await db().updateTable('users').set({ name: '=HYPERLINK("http://x")' }).where('id', '=', member.id).execute()
    await entry(admin, org.id, 'members.remove', '2026-11-10T23:30:00Z', [member.id])
    await entry(admin, org.id, 'organization.rename', '2026-11-12T08:00:00Z', [org.id])
    const other = await createOrganization({ adminIds: [admin.id] })
    await entry(admin, other.id, 'members.remove', '2026-11-11T08:00:00Z', [member.id])

    const cookie = await sessionCookieFor(admin)
    const { res, text } = await csvText(cookie, org.id, '?action=members.remove')
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="audit-log-exempelskolan.csv"; filename*=UTF-8''Audit%20log-Exempelskolan.csv`,
    )
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    expect(text).toBe(
      '\uFEFFWhen,Who,What,Target,Items,Outcome\r\n' +
        // Stockholm time; the member's name cannot run as a formula.
        `2026-11-11 00:30,Astrid Admin,Removed members,"'=HYPERLINK(""http://x"")",1,Done\r\n`,
    )

    // In Swedish: semicolons and Swedish words; every page, newest first.
    await db().updateTable('users').set({ locale: 'sv' }).where('id', '=', admin.id).execute()
    const sv = await csvText(await sessionCookieFor(admin), org.id)
    expect(sv.text.split('\r\n')).toEqual([
      '\uFEFFNär;Vem;Vad;Gäller;Antal;Resultat',
      '2026-11-12 09:00;Astrid Admin;Bytte namn på organisationen;Organisationen;1;Klart',
      `2026-11-11 00:30;Astrid Admin;Tog bort medlemmar;"'=HYPERLINK(""http://x"")";1;Klart`,
      '',
    ])
    expect(csvRoute.action()).toBeInstanceOf(Response)
  })

  it('defuses a formula in a name after a separator of either kind, and quotes it, in both languages (issue 33)', async () => {
    const { admin, org, cookie } = await setup()
    const group = await createGroup(org.id, { name: 'Klass 7A, =1+1;@SUM(A1)', ownerId: admin.id })
    await entry(admin, org.id, 'group.rename', '2026-11-02T10:00:00Z', [group.id])
    for (const locale of ['sv', 'en']) {
      await db().updateTable('users').set({ locale }).where('id', '=', admin.id).execute()
      const { text } = await csvText(cookie, org.id)
      expect(text).toContain(`"Klass 7A, '=1+1;'@SUM(A1)"`)
    }
  })

  it('writes the outcome of a partial bulk action and the directory as actor', async () => {
    const { admin, member, org, cookie } = await setup()
    const { id: tokenId } = await createDirectoryToken(ctxFor(admin), org.id, 'Katalog')
    await entry(null, org.id, 'directory.users.delete', '2026-11-10T12:00:00Z', [member.id], { SUCCESS: 1 }, tokenId)
    await entry(admin, org.id, 'members.remove', '2026-11-11T12:00:00Z', [member.id, newId()], { SUCCESS: 1, MEMBER_NOT_FOUND: 1 })
    await revokeDirectoryToken(ctxFor(admin), org.id, tokenId)
    const { text } = await csvText(cookie, org.id, `?from=2026-11-10&to=2026-11-11`)
    const lines = text.split('\r\n')
    expect(lines[1]).toMatch(
      /^2026-11-11 13:00,Astrid Admin,Removed members,Bo Medlem and 1 more,2,"Partly done: 1 of 2 succeeded; .+ \(1\)"$/,
    )
    expect(lines[2]).toBe('2026-11-10 13:00,Katalog (directory),Deprovisioned a person,Bo Medlem,1,Done')
    expect(lines).toHaveLength(4)
  })
})

describe('security-relevant actions are audited', () => {
  it('directory tokens created and revoked name the token', async () => {
    const { admin, org, cookie } = await setup()
    const { id } = await createDirectoryToken(ctxFor(admin), org.id, 'Katalog 2026')
    // A second later: entries of the same millisecond are ordered by their random ids.
    await revokeDirectoryToken(later(admin), org.id, id)
    const res = await load(cookie, org.id)
    expect(res.data.page.items.map((e: { action: string; target: { names: string[] } }) => [e.action, e.target.names])).toEqual([
      ['directory.tokens.revoke', ['Katalog 2026']],
      ['directory.tokens.create', ['Katalog 2026']],
    ])
  })

  it('admins added and removed (by the platform) name the person, with the platform admin as actor', async () => {
    const { org, member, cookie } = await setup()
    const operator = await createUser({ name: 'Pia Plattform', is_platform_admin: 1 })
    await addPlatformOrganizationAdmin(ctxFor(operator), org.id, member.email)
    await removePlatformOrganizationAdmin(later(operator), org.id, member.email)
    const res = await load(cookie, org.id)
    expect(
      res.data.page.items.map((e: { action: string; actorName: string; target: { names: string[] } }) => [
        e.action,
        e.actorName,
        e.target.names,
      ]),
    ).toEqual([
      ['platform.admins.remove', 'Pia Plattform', ['Bo Medlem']],
      ['platform.admins.add', 'Pia Plattform', ['Bo Medlem']],
    ])
    expect((await load(cookie, org.id, '?action=platform.admins.add')).data.page.total).toBe(1)
  })
})
