import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import type { User } from '~/db/schema'
import { createUser } from '../../../tests/support/factories'
import { expectCode } from '../../../tests/support/expect-code'
import { createPackage } from '../../../tests/support/library-factories'
import { planOf } from '../../../tests/support/query-plan'
import { SWEDISH_ORDER, SWEDISH_SHUFFLED } from '../../../tests/support/swedish-order'
import { ctxFor } from '../context.server'
import { packageFeed, receivedInvitations, searchCondition } from './feed.server'
import { inviteCollaborator } from './collaborator-invitations.server'
import { searchColumns } from './search'
import type { FeedQuery } from './types'

const ctx = (actor: User) => ctxFor(actor)
const query = (overrides: Partial<FeedQuery> = {}): FeedQuery => ({
  q: '',
  scope: 'all',
  sort: 'updated',
  dir: 'desc',
  page: 1,
  pageSize: 50,
  ...overrides,
})
const names = async (actor: User, overrides: Partial<FeedQuery> = {}) =>
  (await packageFeed(ctx(actor), query(overrides))).items.map((i) => i.name)

describe('the package feed', () => {
  it('lists my packages and those shared with me, never others, and drafts only to owners and editors', async () => {
    const me = await createUser()
    const other = await createUser({ name: 'Otto' })
    await createPackage({ ownerId: me.id, name: 'Mitt', updatedAt: '2026-01-03T00:00:00.000Z' })
    await createPackage({ ownerId: me.id, name: 'Mitt utkast', status: 'draft', updatedAt: '2026-01-02T00:00:00.000Z' })
    await createPackage({
      ownerId: other.id,
      name: 'Delat',
      collaborators: [{ userId: me.id, access: 'view' }],
      updatedAt: '2026-01-01T00:00:00.000Z',
    })
    await createPackage({ ownerId: other.id, name: 'Delat utkast', status: 'draft', collaborators: [{ userId: me.id, access: 'view' }] })
    await createPackage({
      ownerId: other.id,
      name: 'Redigerbart utkast',
      status: 'draft',
      collaborators: [{ userId: me.id, access: 'edit' }],
      updatedAt: '2025-12-01T00:00:00.000Z',
    })
    await createPackage({ ownerId: other.id, name: 'Hemligt' })

    const feed = await packageFeed(ctx(me), query())
    expect(feed.items.map((i) => [i.name, i.access])).toEqual([
      ['Mitt', 'owner'],
      ['Mitt utkast', 'owner'],
      ['Delat', 'view'],
      ['Redigerbart utkast', 'edit'],
    ])
    expect(feed.total).toBe(4)
    expect(feed.items[2]).toMatchObject({ owner: { id: other.id, name: 'Otto' }, roleCount: 2, entityCount: 4 })
    expect(await names(me, { scope: 'mine' })).toEqual(['Mitt', 'Mitt utkast'])
    expect(await names(me, { scope: 'shared' })).toEqual(['Delat', 'Redigerbart utkast'])
  })

  it('searches name, description and tags, filters by language and tag, sorts in Swedish order and pages', async () => {
    const me = await createUser()
    await createPackage({
      ownerId: me.id,
      name: 'Introduktion',
      description: 'För nyanställda på ÖSTRA skolan',
      tags: ['Personal'],
      language: 'sv',
    })
    await createPackage({ ownerId: me.id, name: 'Onboarding', description: 'New staff', tags: ['personal', 'hr'], language: 'en' })
    await createPackage({ ownerId: me.id, name: 'Utflykt', tags: ['elever'], language: 'sv' })
    expect(await names(me, { q: 'östra', sort: 'name', dir: 'asc' })).toEqual(['Introduktion'])
    expect(await names(me, { q: 'ONBOARD' })).toEqual(['Onboarding'])
    expect(await names(me, { q: 'elev' })).toEqual(['Utflykt'])
    expect(await names(me, { q: '%' })).toEqual([])
    expect(await names(me, { tag: 'PERSONAL', sort: 'name', dir: 'asc' })).toEqual(['Introduktion', 'Onboarding'])
    expect(await names(me, { tag: 'person' })).toEqual([])
    expect(await names(me, { language: 'en' })).toEqual(['Onboarding'])

    const sorter = await createUser()
    for (const name of SWEDISH_SHUFFLED) await createPackage({ ownerId: sorter.id, name, roles: [] })
    expect(await names(sorter, { sort: 'name', dir: 'asc', pageSize: 500 })).toEqual(SWEDISH_ORDER)
    expect(await names(sorter, { sort: 'name', dir: 'desc', pageSize: 500 })).toEqual([...SWEDISH_ORDER].reverse())
    const page2 = await packageFeed(ctx(sorter), query({ sort: 'name', dir: 'asc', page: 2, pageSize: 3 }))
    expect(page2.items.map((i) => i.name)).toEqual(SWEDISH_ORDER.slice(3, 6))
    expect(page2.total).toBe(SWEDISH_ORDER.length)
  })

  it('searches by the trigram index as LIKE did: any part of the text, Swedish letters, short queries, quotes and wildcards as typed', async () => {
    const me = await createUser()
    const other = await createUser()
    await createPackage({ ownerId: me.id, name: 'Föräldramöte i åk 7', description: 'Om "skolstart" och 50% närvaro_x', tags: ['Ämne'] })
    await createPackage({ ownerId: me.id, name: 'Forskning', description: 'Utan prickar', tags: [] })
    await createPackage({ ownerId: other.id, name: 'Delat möte', collaborators: [{ userId: me.id, access: 'view' }] })
    await createPackage({ ownerId: other.id, name: 'Hemligt möte' })
    const search = (q: string) => names(me, { q, sort: 'name', dir: 'asc' })
    expect(await search('möte')).toEqual(['Delat möte', 'Föräldramöte i åk 7'])
    expect(await search('MÖTE')).toEqual(['Delat möte', 'Föräldramöte i åk 7'])
    expect(await search('mote')).toEqual([])
    expect(await search('för')).toEqual(['Föräldramöte i åk 7'])
    expect(await search('for')).toEqual(['Forskning'])
    // Shorter than a trigram: the LIKE still answers.
    expect(await search('åk')).toEqual(['Föräldramöte i åk 7'])
    expect(await search('ö')).toEqual(['Delat möte', 'Föräldramöte i åk 7'])
    expect(await search('fo')).toEqual(['Forskning'])
    // Quotes, % and _ are characters like any other; the tags are searched too; across fields no match is invented.
    expect(await search('"skolstart"')).toEqual(['Föräldramöte i åk 7'])
    expect(await search('50% n')).toEqual(['Föräldramöte i åk 7'])
    expect(await search('0%_')).toEqual([])
    expect(await search('ro_x')).toEqual(['Föräldramöte i åk 7'])
    expect(await search('ämne')).toEqual(['Föräldramöte i åk 7'])
    expect(await search('hemligt')).toEqual([])
    // A package renamed or removed is found by its new text only.
    const renamed = await createPackage({ ownerId: me.id, name: 'Gammalt namn', roles: [] })
    expect(await search('gammalt')).toEqual(['Gammalt namn'])
    await db()
      .updateTable('packages')
      .set(searchColumns({ name: 'Nytt namn', description: '', tags: [] }))
      .set({ name: 'Nytt namn' })
      .where('id', '=', renamed.id)
      .execute()
    expect(await search('gammalt')).toEqual([])
    expect(await search('nytt')).toEqual(['Nytt namn'])
    await db().deleteFrom('packages').where('id', '=', renamed.id).execute()
    expect(await search('nytt')).toEqual([])
    expect((await packageFeed(ctx(me), query({ q: 'möte' }))).total).toBe(2)
  })

  it('finds the search in an index: the trigram table (SQLite) or the trigram GIN index (PostgreSQL)', async () => {
    const plan = await planOf(db().selectFrom('packages as p').select('p.id').where(searchCondition(db(), 'skolstart')).compile())
    expect(plan).toMatch(/packages_search/)
  })

  it('pages through my packages and shared ones interleaved, each page as the whole order cut', async () => {
    const me = await createUser()
    const other = await createUser()
    const day = (d: number) => `2026-02-${String(d).padStart(2, '0')}T00:00:00.000Z`
    // Mine on odd days and in Swedish names that interleave with the shared ones on even days.
    for (let d = 1; d <= 13; d += 2) await createPackage({ ownerId: me.id, name: `${SWEDISH_ORDER[d]} mitt`, updatedAt: day(d), roles: [] })
    for (let d = 2; d <= 14; d += 2)
      await createPackage({
        ownerId: other.id,
        name: `${SWEDISH_ORDER[d]} delat`,
        updatedAt: day(d),
        roles: [],
        collaborators: [{ userId: me.id, access: 'view' }],
      })
    for (const [sort, dir] of [
      ['updated', 'desc'],
      ['updated', 'asc'],
      ['name', 'asc'],
      ['name', 'desc'],
      ['created', 'asc'],
    ] as const) {
      const whole = await names(me, { sort, dir, pageSize: 50 })
      expect(whole).toHaveLength(14)
      for (const page of [1, 2, 3, 4, 5])
        expect(await names(me, { sort, dir, page, pageSize: 3 })).toEqual(whole.slice((page - 1) * 3, page * 3))
    }
    expect((await names(me, { sort: 'updated', dir: 'desc', pageSize: 4 })).map((n) => n.split(' ')[1])).toEqual([
      'delat',
      'mitt',
      'delat',
      'mitt',
    ])
  })

  it('shows my pending invitations, and only mine', async () => {
    const owner = await createUser()
    const me = await createUser()
    const pkg = await createPackage({ ownerId: owner.id, name: 'Inbjudan' })
    await inviteCollaborator(ctx(owner), { packageId: pkg.id, email: me.email, access: 'view' })
    const feed = await packageFeed(ctx(me), query())
    expect(feed.items).toEqual([])
    expect(feed.invitations.map((i) => [i.packageName, i.access, i.invitedBy?.id])).toEqual([['Inbjudan', 'view', owner.id]])
    expect((await packageFeed(ctx(owner), query())).invitations).toEqual([])
    await expectCode(receivedInvitations(ctx(owner), me.id), 'NOT_FOUND')
  })
})
