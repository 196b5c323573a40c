import { describe, expect, it } from 'vitest'
import { db } from '~/db/db.server'
import { ctxFor } from '~/services/context.server'
import { packageFeed, pendingPackageInvitationCount } from '~/services/library/feed.server'
import { getPackage } from '~/services/library/package-view.server'
import { acceptShareLink } from '~/services/library/share-links.server'
import { createUser } from '../../tests/support/factories'
import { seed } from './seed.server'

describe('demo library', () => {
  it('gives the demo users packages with roles and tasks, a working share link and a pending invitation to Emma', async () => {
    const created = await seed(db())
    const line = created.find((l) => l.startsWith('Library: '))!
    expect(line).toMatch(/share link .*accept-share-link\?token=/)
    const users = await db()
      .selectFrom('users')
      .selectAll()
      .where('email', 'in', ['admin@example.se', 'erik@example.se', 'emma@example.se'])
      .execute()
    const byEmail = new Map(users.map((u) => [u.email, u]))
    const feed = (email: string) =>
      packageFeed(ctxFor(byEmail.get(email)!), { q: '', scope: 'all', sort: 'name', dir: 'asc', page: 1, pageSize: 50 })
    expect((await feed('admin@example.se')).items.map((i) => i.name)).toEqual([
      'Föräldramöte',
      'Skolstart i årskurs 7',
      'Utvecklingssamtal (utkast)',
    ])
    expect((await feed('erik@example.se')).items.map((i) => [i.name, i.access])).toContainEqual(['Skolstart i årskurs 7', 'edit'])
    const emma = await feed('emma@example.se')
    expect(emma.items.map((i) => [i.name, i.access])).toContainEqual(['Friluftsdag', 'view'])
    expect(emma.invitations.map((i) => i.packageName)).toEqual(['Föräldramöte'])
    expect(await pendingPackageInvitationCount(db(), byEmail.get('emma@example.se')!.id)).toBe(1)
    const start = (await feed('admin@example.se')).items.find((i) => i.name === 'Skolstart i årskurs 7')!
    expect((await getPackage(ctxFor(byEmail.get('admin@example.se')!), start.id)).roles.map((r) => r.entities.length)).toEqual([3, 2, 1])

    const token = new URL(line.split('share link ')[1], 'http://x').searchParams.get('token')!
    const visitor = await createUser()
    const { packageId } = await acceptShareLink(ctxFor(visitor), { token })
    expect((await getPackage(ctxFor(visitor), packageId)).package.name).toBe('Friluftsdag')
    expect((await seed(db())).some((l) => l.startsWith('Library'))).toBe(false)
  })
})
