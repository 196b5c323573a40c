import pg from 'pg'
import { describe, expect, it, vi } from 'vitest'
import { db } from '~/db/db.server'
import { dyingAfterTransactions } from '../../tests/support/db-faults'
import { createUser } from '../../tests/support/factories'
import { createGroup, createOrganization } from '../../tests/support/org-factories'
import { BULK_BATCH, lockOrganization, Rollback, runBulk, type Tx } from './bulk.server'
import { ctxFor } from './context.server'
import type { AuditAction } from './audit-actions'

async function setup() {
  const admin = await createUser()
  const org = await createOrganization({ adminIds: [admin.id] })
  const ctx = ctxFor(admin)
  const audits = () =>
    db()
      .selectFrom('audit_log')
      .select(['action', 'items', 'result', 'actor_id'])
      .where('organization_id', '=', org.id)
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, items: JSON.parse(r.items), result: JSON.parse(r.result) })))
  return { admin, org, ctx, audits }
}

const renameGroup = (trx: Tx, id: string, name: string) => trx.updateTable('groups').set({ name }).where('id', '=', id).execute()
const nameOf = async (id: string) => (await db().selectFrom('groups').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name

describe('runBulk', () => {
  it('turns an unexpected error of one item into its SERVER_ERROR, logs it, runs the others and records the audit entry', async () => {
    const { admin, org, ctx, audits } = await setup()
    const [g1, g2, g3] = [
      await createGroup(org.id, { ownerId: admin.id }),
      await createGroup(org.id, { ownerId: admin.id }),
      await createGroup(org.id, { ownerId: admin.id }),
    ]
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})

    const results = await runBulk(ctx, {
      organizationId: org.id,
      action: 'test.rename' as AuditAction,
      ofOrganization: () => true,
      items: [g1.id, g2.id, g3.id],
      item: async (trx, id) => {
        await renameGroup(trx, id, 'renamed')
        if (id === g2.id) throw new TypeError('a bug in item 2')
        return 'SUCCESS'
      },
    })

    expect(results).toEqual([
      { _id: g1.id, result: 'SUCCESS' },
      { _id: g2.id, result: 'SERVER_ERROR' },
      { _id: g3.id, result: 'SUCCESS' },
    ])
    // Item 2 happened not at all; the others fully.
    expect([await nameOf(g1.id), await nameOf(g2.id), await nameOf(g3.id)]).toEqual(['renamed', g2.name, 'renamed'])
    expect(logged).toHaveBeenCalledTimes(1)
    expect(String(logged.mock.calls[0][0])).toContain(g2.id)
    expect(logged.mock.calls[0][1]).toBeInstanceOf(TypeError)
    expect(await audits()).toEqual([
      { action: 'test.rename' as AuditAction, items: [g1.id, g2.id, g3.id], result: { SUCCESS: 2, SERVER_ERROR: 1 }, actor_id: admin.id },
    ])
  })

  it('drops repeated and empty ids, answers check codes without running the item, and undoes an item that does not succeed', async () => {
    const { admin, org, ctx, audits } = await setup()
    const [g1, g2, g3] = [
      await createGroup(org.id, { ownerId: admin.id }),
      await createGroup(org.id, { ownerId: admin.id }),
      await createGroup(org.id, { ownerId: admin.id }),
    ]
    const ran: string[] = []
    const results = await runBulk(ctx, {
      organizationId: org.id,
      action: 'test.rename' as AuditAction,
      ofOrganization: (id) => id !== 'unknown',
      items: [g1.id, '', 'unknown', g1.id, g2.id, g3.id],
      check: (id) => (id === 'unknown' ? 'GROUP_NOT_FOUND' : undefined),
      item: async (trx, id) => {
        ran.push(id)
        await renameGroup(trx, id, 'renamed')
        if (id === g2.id) return 'NOT_ALLOWED'
        if (id === g3.id) throw new Rollback('LAST_ADMIN')
        return 'SUCCESS'
      },
    })
    expect(results).toEqual([
      { _id: g1.id, result: 'SUCCESS' },
      { _id: 'unknown', result: 'GROUP_NOT_FOUND' },
      { _id: g2.id, result: 'NOT_ALLOWED' },
      { _id: g3.id, result: 'LAST_ADMIN' },
    ])
    expect(ran).toEqual([g1.id, g2.id, g3.id])
    expect([await nameOf(g1.id), await nameOf(g2.id), await nameOf(g3.id)]).toEqual(['renamed', g2.name, g3.name])
    // Only the organization's items are recorded; the other is counted, never kept (the log cannot name it).
    expect(await audits()).toMatchObject([
      { items: [g1.id, g2.id, g3.id], result: { SUCCESS: 1, GROUP_NOT_FOUND: 1, NOT_ALLOWED: 1, LAST_ADMIN: 1, notRecorded: 1 } },
    ])
  })

  it('runs every entry of a list with idOf, gives results their extra fields, and adds to the audit result', async () => {
    const { org, ctx, audits } = await setup()
    const entries = [
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
      { id: 'a', n: 3 },
    ]
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const results = await runBulk<{ id: string; n: number }, { doubled: number | null }>(ctx, {
      organizationId: org.id,
      action: 'test.entries' as AuditAction,
      ofOrganization: () => true,
      items: entries,
      idOf: (e) => e.id,
      failed: { doubled: null },
      check: (e) => (e.n === 2 ? 'SKIPPED' : undefined),
      item: async (_trx, e) => {
        if (e.n === 3) throw new Error('down')
        return { result: 'SUCCESS', doubled: e.n * 2 }
      },
      auditResult: (rs) => ({ doubledTotal: rs.reduce((sum, r) => sum + (r.doubled ?? 0), 0) }),
    })
    expect(results).toEqual([
      { _id: 'a', result: 'SUCCESS', doubled: 2 },
      { _id: 'b', result: 'SKIPPED', doubled: null },
      { _id: 'a', result: 'SERVER_ERROR', doubled: null },
    ])
    expect(logged).toHaveBeenCalledTimes(1)
    expect(await audits()).toMatchObject([{ items: ['a', 'b'], result: { SUCCESS: 1, SKIPPED: 1, SERVER_ERROR: 1, doubledTotal: 2 } }])
  })

  it('does nothing for an empty list: no results, no audit entry', async () => {
    const { org, ctx, audits } = await setup()
    const item = vi.fn(async () => 'SUCCESS')
    expect(
      await runBulk(ctx, { organizationId: org.id, action: 'test.none' as AuditAction, items: [], ofOrganization: () => true, item }),
    ).toEqual([])
    expect(item).not.toHaveBeenCalled()
    expect(await audits()).toEqual([])
  })
})

describe('runBulk with batch', () => {
  it('runs the pending items BULK_BATCH at a time in one transaction each, in order, after the checks', async () => {
    const { org, ctx, audits } = await setup()
    const ids = Array.from({ length: BULK_BATCH + 2 }, (_, i) => `id-${i}`)
    const item = vi.fn(async () => 'SUCCESS')
    const batches: string[][] = []
    const results = await runBulk(ctx, {
      organizationId: org.id,
      action: 'test.batch' as AuditAction,
      ofOrganization: () => true,
      items: ids,
      check: (id) => (id === 'id-1' ? 'GROUP_NOT_FOUND' : undefined),
      item,
      batch: async (_trx, part) => {
        batches.push(part)
        return part.map((id) => (id === 'id-2' ? 'ALREADY_GROUP_OWNER' : 'SUCCESS'))
      },
    })
    expect(item).not.toHaveBeenCalled()
    expect(batches.map((b) => b.length)).toEqual([BULK_BATCH, 1])
    expect(batches.flat()).toEqual(ids.filter((id) => id !== 'id-1'))
    expect(results.slice(0, 4)).toEqual([
      { _id: 'id-0', result: 'SUCCESS' },
      { _id: 'id-1', result: 'GROUP_NOT_FOUND' },
      { _id: 'id-2', result: 'ALREADY_GROUP_OWNER' },
      { _id: 'id-3', result: 'SUCCESS' },
    ])
    expect((await audits())[0].result).toEqual({ SUCCESS: BULK_BATCH, GROUP_NOT_FOUND: 1, ALREADY_GROUP_OWNER: 1 })
  })

  it('undoes a batch that throws and runs its items one by one: only the failing item is lost', async () => {
    const { admin, org, ctx } = await setup()
    const [g1, g2, g3] = [
      await createGroup(org.id, { ownerId: admin.id }),
      await createGroup(org.id, { ownerId: admin.id }),
      await createGroup(org.id, { ownerId: admin.id }),
    ]
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const results = await runBulk(ctx, {
      organizationId: org.id,
      action: 'test.rename' as AuditAction,
      ofOrganization: () => true,
      items: [g1.id, g2.id, g3.id],
      batch: async (trx, part) => {
        for (const id of part) await renameGroup(trx, id, 'batch')
        throw new Error('the batch broke')
      },
      item: async (trx, id) => {
        if (id === g2.id) throw new TypeError('a bug in item 2')
        await renameGroup(trx, id, 'alone')
        return 'SUCCESS'
      },
    })
    expect(results.map((r) => r.result)).toEqual(['SUCCESS', 'SERVER_ERROR', 'SUCCESS'])
    expect([await nameOf(g1.id), await nameOf(g2.id), await nameOf(g3.id)]).toEqual(['alone', g2.name, 'alone'])
    expect(warned).toHaveBeenCalledTimes(1)
    expect(logged).toHaveBeenCalledTimes(1)
  })
})

describe('runBulk’s audit entry as it goes', () => {
  it('is started before the first item and counts, with its extra fields, exactly the items committed when the run stops', async () => {
    const { admin, org, ctx, audits } = await setup()
    const groups = [
      await createGroup(org.id, { ownerId: admin.id }),
      await createGroup(org.id, { ownerId: admin.id }),
      await createGroup(org.id, { ownerId: admin.id }),
      await createGroup(org.id, { ownerId: admin.id }),
    ]
    const ids = groups.map((g) => g.id)
    const dying = dyingAfterTransactions(db(), 2)
    void runBulk<string, { renamed: boolean }>(
      { ...ctx, db: dying.db },
      {
        organizationId: org.id,
        action: 'test.rename' as AuditAction,
        ofOrganization: (id) => id !== 'unknown',
        items: [...ids, 'unknown'],
        check: (id) => (id === 'unknown' ? 'GROUP_NOT_FOUND' : undefined),
        failed: { renamed: false },
        item: async (trx, id) => {
          await renameGroup(trx, id, 'renamed')
          return { result: 'SUCCESS', renamed: true }
        },
        auditResult: (results) => ({ renamed: results.filter((r) => r.renamed).length }),
      },
    )
    await dying.died
    expect(await Promise.all(ids.map(nameOf))).toEqual(['renamed', 'renamed', groups[2].name, groups[3].name])
    expect(await audits()).toEqual([
      {
        action: 'test.rename' as AuditAction,
        items: [...ids],
        result: { SUCCESS: 2, GROUP_NOT_FOUND: 1, renamed: 2, notRecorded: 1 },
        actor_id: admin.id,
      },
    ])
    const status = await db().selectFrom('audit_log').select('status').where('organization_id', '=', org.id).executeTakeFirstOrThrow()
    expect(status.status).toBe('started')
  })
})

describe('lockOrganization', () => {
  it.runIf(!!process.env.TEST_DATABASE_URL)('holds a row lock on the organization until the transaction ends (PostgreSQL)', async () => {
    const org = await createOrganization({})
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await other.connect()
    try {
      await db()
        .transaction()
        .execute(async (trx) => {
          await lockOrganization(trx, org.id)
          await other.query('begin')
          await expect(other.query('select id from organizations where id = $1 for update nowait', [org.id])).rejects.toThrow(
            /could not obtain lock/,
          )
          await other.query('rollback')
        })
      await other.query('begin')
      await expect(other.query('select id from organizations where id = $1 for update nowait', [org.id])).resolves.toBeDefined()
      await other.query('rollback')
    } finally {
      await other.end()
    }
  })
})
