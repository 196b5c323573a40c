/**
 * Issue 9 item 4 in the reliability suite: `kill -9` during a 1,000-member bulk removal, three
 * times, each at another moment. After each: the SQLite file passes `pragma integrity_check` read
 * by a plain connection (no functions of ours), every member is either wholly removed (no
 * membership, no group memberships in the organization) or wholly there (all its group
 * memberships), every group's member_count equals its rows, the audit log counts exactly the
 * members removed, and the server starts again on the file.
 */
import SQLite from 'better-sqlite3'
import { join } from 'node:path'
import { sql } from 'kysely'
import { removableMembers, withDb } from '../database'
import { ROOT } from '../server'
import type { Figure, ReliabilityScenario } from './scenario'

const RUNS = 3
const MEMBERS = 1_000
/** Runs 2 and 3 remove more (ten batches of 500), so that a kill a few ms in lands between commits. */
const MEMBERS_OF_RUN = [MEMBERS, 5_000, 5_000]

interface Snapshot {
  inOrganization: Set<string>
  /** Group memberships in the organization's groups, per user. */
  groupMemberships: Map<string, number>
  groupsWithWrongCount: number
  /** Members removed according to the audit log (SUCCESS results of members.remove entries). */
  auditedRemovals: number
}

async function snapshot(organizationId: string, ids: string[]): Promise<Snapshot> {
  return withDb(async (db) => {
    const members = await db
      .selectFrom('organization_members')
      .select('user_id')
      .where('organization_id', '=', organizationId)
      .where('user_id', 'in', ids)
      .execute()
    const memberships = await db
      .selectFrom('group_members as gm')
      .innerJoin('groups as g', 'g.id', 'gm.group_id')
      .select(['gm.user_id', db.fn.countAll<number>().as('n')])
      .where('g.organization_id', '=', organizationId)
      .where('gm.user_id', 'in', ids)
      .groupBy('gm.user_id')
      .execute()
    const wrong = await sql<{ n: number }>`select count(*) as n from groups g where g.organization_id = ${organizationId}
      and g.member_count <> (select count(*) from group_members gm where gm.group_id = g.id)`.execute(db)
    const audits = await db
      .selectFrom('audit_log')
      .select('result')
      .where('organization_id', '=', organizationId)
      .where('action', '=', 'members.remove')
      .execute()
    return {
      inOrganization: new Set(members.map((m) => m.user_id)),
      groupMemberships: new Map(memberships.map((m) => [m.user_id, Number(m.n)])),
      groupsWithWrongCount: Number(wrong.rows[0]?.n ?? 0),
      auditedRemovals: audits.reduce((sum, a) => sum + Number((JSON.parse(a.result) as { SUCCESS?: number }).SUCCESS ?? 0), 0),
    }
  })
}

/**
 * Waits, on one connection, until the removal in progress has written its audit entry
 * ('started', before its first item), or the request has ended, or 30 s have passed.
 */
async function waitForProgress(organizationId: string, ended: () => boolean) {
  await withDb(async (db) => {
    const started = performance.now()
    while (!ended() && performance.now() - started < 30_000) {
      const running = await db
        .selectFrom('audit_log')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('action', '=', 'members.remove')
        .where('status', '=', 'started')
        .executeTakeFirst()
      if (running) return
      await new Promise((r) => setImmediate(r))
    }
  })
}

/** `pragma integrity_check` through a plain connection, as a backup or repair tool would run it. */
function integrityCheck(databaseUrl: string): string {
  if (!databaseUrl.startsWith('file:')) return 'n/a (PostgreSQL)'
  const file = SQLite(join(ROOT, databaseUrl.slice('file:'.length)), { readonly: true })
  try {
    const rows = file.pragma('integrity_check') as { integrity_check: string }[]
    return rows.map((r) => r.integrity_check).join('; ')
  } finally {
    file.close()
  }
}

export const killMidBulk: ReliabilityScenario = {
  name: 'kill -9 mid-bulk',
  description: `kill -9 during a ${MEMBERS.toLocaleString(
    'en',
  )}-member removal, ${RUNS} times: file intact, each member all or nothing, audit = what was committed`,
  changesData: true,
  async run(ctx) {
    const figures: Figure[] = []
    let removedTotal = 0
    for (let run = 1; run <= RUNS; run++) {
      const server = await ctx.startServer()
      const cookie = await ctx.adminCookie(server)
      const organizationId = ctx.data.largeOrgId
      const { ids } = await removableMembers(organizationId, MEMBERS_OF_RUN[run - 1]!)
      const before = await snapshot(organizationId, ids)

      // The request runs; the process is killed at a moment that differs per run: as soon as the
      // action's audit entry is written (before any item), or once its first batch has committed.
      const request = fetch(`${server.baseUrl}/api/v1/organizations/${organizationId}/remove-members`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', cookie },
        body: JSON.stringify({ members: ids }),
      }).then(
        (r) => `answered ${r.status}`,
        () => 'cut',
      )
      let answered = false
      void request.then(() => (answered = true))
      const moment = run === 1 ? 'its audit entry was written' : `${[0, 150, 400][run - 1]} ms after its audit entry was written`
      await waitForProgress(organizationId, () => answered)
      // Batches commit back to back while the reader waits for the database, so a later moment is
      // a delay after the start rather than an observed commit.
      const delayMs = [0, 150, 400][run - 1]!
      await new Promise((r) => setTimeout(r, delayMs))
      process.kill(server.pid, 'SIGKILL')
      const outcome = await request
      await server.stop()

      const after = await snapshot(organizationId, ids)
      const removed = ids.filter((id) => before.inOrganization.has(id) && !after.inOrganization.has(id))
      const halfDone = ids.filter((id) => {
        const had = before.groupMemberships.get(id) ?? 0
        const has = after.groupMemberships.get(id) ?? 0
        return after.inOrganization.has(id) ? has !== had : has !== 0
      })
      const audited = after.auditedRemovals - before.auditedRemovals
      removedTotal += removed.length
      const integrity = integrityCheck(ctx.databaseUrl)
      // The server must start again on what the kill left.
      const again = await ctx.startServer()
      const healthy = (await fetch(`${again.baseUrl}/healthz`)).ok
      await again.stop()

      ctx.log(
        `run ${run}: killed when ${moment} (${outcome}); removed ${removed.length}, audited ${audited}, half-done ${halfDone.length}, wrong group counts ${after.groupsWithWrongCount}; integrity: ${integrity}`,
      )
      figures.push(
        { figure: `run ${run}: members removed before the kill`, value: String(removed.length), target: '-' },
        { figure: `run ${run}: members half removed`, value: String(halfDone.length), target: '0', pass: halfDone.length === 0 },
        {
          figure: `run ${run}: groups with a wrong member count`,
          value: String(after.groupsWithWrongCount),
          target: '0',
          pass: after.groupsWithWrongCount === 0,
        },
        {
          figure: `run ${run}: removals in the audit log`,
          value: String(audited),
          target: String(removed.length),
          pass: audited === removed.length,
        },
        { figure: `run ${run}: integrity check`, value: integrity, target: 'ok', pass: integrity === 'ok' || integrity.startsWith('n/a') },
        { figure: `run ${run}: server starts again`, value: healthy ? 'yes' : 'no', target: 'yes', pass: healthy },
      )
    }
    figures.push({
      figure: 'members removed over all runs',
      value: String(removedTotal),
      target: '> 0 (the kills came mid-way)',
      pass: removedTotal > 0,
    })
    return figures
  },
}
