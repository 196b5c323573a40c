import type { RouteConfigEntry } from '@remix-run/route-config'
import { describe, expect, it } from 'vitest'
import routes from '~/routes'
import { breadcrumbTrail, type Breadcrumb } from './breadcrumbs'

const t = (key: string) => `t:${key}`

describe('breadcrumbTrail', () => {
  it('keeps an index route whose path is its parent’s (the organization home) as the last crumb, with keys of its own', () => {
    const org = { label: 'Exempelskolan' }
    const trail = breadcrumbTrail(
      [
        { id: 'root', pathname: '/' },
        { id: 'routes/organizations/section', pathname: '/organizations', handle: { breadcrumb: 'organizations.title' } },
        { id: 'routes/organizations/layout', pathname: '/organizations/o1', handle: { breadcrumb: () => org } },
        { id: 'routes/organizations/home/route', pathname: '/organizations/o1', handle: { breadcrumb: 'orgHome.title' } },
      ],
      t,
    )
    expect(trail).toEqual([
      { id: 'routes/organizations/section', to: '/organizations', label: 't:organizations.title' },
      { id: 'routes/organizations/layout', to: '/organizations/o1', label: 'Exempelskolan' },
      { id: 'routes/organizations/home/route', to: '/organizations/o1', label: 't:orgHome.title' },
    ])
    expect(new Set(trail!.map((c) => c.id)).size).toBe(trail!.length)
  })

  it('is hidden (null) when a name cannot be found or a route hides it', () => {
    const unknown = { id: 'layout', pathname: '/organizations/x', handle: { breadcrumb: () => null } }
    expect(breadcrumbTrail([unknown, { id: 'home', pathname: '/organizations/x', handle: { breadcrumb: 'orgHome.title' } }], t)).toBeNull()
    expect(breadcrumbTrail([{ id: 'nf', pathname: '/x', handle: { breadcrumb: null } }], t)).toBeNull()
  })
})

/** The route entries under the route whose file matches, depth first. */
function childrenOf(entries: RouteConfigEntry[], file: RegExp): RouteConfigEntry[] {
  for (const entry of entries) {
    if (file.test(entry.file)) return entry.children ?? []
    const found = childrenOf(entry.children ?? [], file)
    if (found.length) return found
  }
  return []
}

describe('organization screens', () => {
  it('every screen under /organizations/:id names itself in the breadcrumbs', async () => {
    const screens = childrenOf(routes, /routes\/organizations\/layout\.tsx$/)
    expect(screens.length).toBeGreaterThanOrEqual(4)
    let checked = 0
    for (const entry of screens) {
      const module = (await import(/* @vite-ignore */ `../../${entry.file}`)) as { default?: unknown; handle?: { breadcrumb?: Breadcrumb } }
      if (!module.default) continue // a resource route (the CSV download)
      expect(typeof module.handle?.breadcrumb, entry.file).toBe('string')
      checked++
    }
    expect(checked).toBeGreaterThanOrEqual(4)
  })
})

describe('profile screens', () => {
  it('every screen under /users/:id and its preferences names itself; the layout gives the user name', async () => {
    const layout = (await import('../../routes/users/layout')) as { handle: { breadcrumb: Breadcrumb } }
    expect(
      breadcrumbTrail([{ id: 'u', pathname: '/users/u1', handle: layout.handle, data: { user: { id: 'u1', name: 'Åsa Ek' } } }], t),
    ).toEqual([{ id: 'u', to: '/users/u1', label: 'Åsa Ek' }])
    expect(breadcrumbTrail([{ id: 'u', pathname: '/users/u1', handle: layout.handle, data: { user: null } }], t)).toBeNull()
    const screens = [
      ...childrenOf(routes, /routes\/users\/layout\.tsx$/),
      ...childrenOf(routes, /routes\/users\/preferences\/layout\.tsx$/),
    ]
    let checked = 0
    for (const entry of screens) {
      const module = (await import(/* @vite-ignore */ `../../${entry.file}`)) as { default?: unknown; handle?: { breadcrumb?: Breadcrumb } }
      if (!module.default) continue // the redirect of /users/:id/preferences
      expect(typeof module.handle?.breadcrumb, entry.file).toBe('string')
      checked++
    }
    expect(checked).toBeGreaterThanOrEqual(5)
  })
})
