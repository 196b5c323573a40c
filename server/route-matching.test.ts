import { createRequire } from 'node:module'
import type { AgnosticRouteObject } from '@remix-run/router'
import { describe, expect, it } from 'vitest'

/**
 * The server's copy of @remix-run/router (the CommonJS build Node loads) is patched
 * (patches/@remix-run+router+*.patch, ADR 014): matchRoutes keeps the ranked branches of a route
 * tree and the matches of recent paths. These tests fail on an unpatched install (postinstall did
 * not run) and on a patch that hands out shared, mutable results.
 */
const { matchRoutes } = createRequire(import.meta.url)('@remix-run/router') as typeof import('@remix-run/router')

type Route = AgnosticRouteObject

function routeTree(): Route[] {
  return [
    {
      id: 'root',
      path: '',
      children: [
        { id: 'home', index: true },
        { id: 'org', path: 'organizations/:orgId', children: [{ id: 'members', path: 'members' }] },
        { id: 'catch', path: '*' },
      ],
    },
  ]
}

const ids = (matches: { route: Route }[] | null) => matches?.map((m) => m.route.id)

describe('route matching on the server', () => {
  it('matches as React Router does: params shared along one match, a splat last', () => {
    const routes = routeTree()
    const matches = matchRoutes(routes, '/organizations/abc/members')!
    expect(ids(matches)).toEqual(['root', 'org', 'members'])
    expect(matches[2].params).toEqual({ orgId: 'abc' })
    expect(matches[0].params).toBe(matches[2].params)
    expect(matches[1].pathnameBase).toBe('/organizations/abc')
    expect(ids(matchRoutes(routes, '/nowhere/at/all'))).toEqual(['root', 'catch'])
    expect(ids(matchRoutes(routes, '/'))).toEqual(['root', 'home'])
  })

  it('hands every caller its own matches: changing one result changes no later one', () => {
    const routes = routeTree()
    const first = matchRoutes(routes, '/organizations/abc/members')!
    const params = first[2].params as Record<string, string>
    params.orgId = 'changed'
    first.pop()
    const second = matchRoutes(routes, '/organizations/abc/members')!
    expect(ids(second)).toEqual(['root', 'org', 'members'])
    expect(second[2].params).toEqual({ orgId: 'abc' })
    expect(second[0]).not.toBe(first[0])
  })

  it('ranks a route tree once: the server never changes a tree it has matched (the patch is applied)', () => {
    const routes = routeTree()
    expect(ids(matchRoutes(routes, '/organizations/abc'))).toEqual(['root', 'org'])
    // An unpatched router would flatten the tree again and find the new, more specific route.
    routes[0].children!.push({ id: 'late', path: 'organizations/abc' })
    expect(ids(matchRoutes(routes, '/organizations/xyz'))).toEqual(['root', 'org'])
    expect(ids(matchRoutes(routes, '/organizations/abc'))).toEqual(['root', 'org'])
    // A new tree (a rebuilt app in development) is ranked anew.
    const rebuilt = routeTree()
    rebuilt[0].children!.push({ id: 'late', path: 'organizations/abc' })
    expect(ids(matchRoutes(rebuilt, '/organizations/abc'))).toEqual(['root', 'late'])
  })
})
