import { describe, expect, it } from 'vitest'
import { ratingOf, routePattern } from './telemetry-rules'

describe('routePattern', () => {
  it('redacts ids, UUIDs, numbers and long tokens; keeps route words; drops query and hash', () => {
    expect(routePattern('/organizations/0123456789abcdef01234567/members')).toBe('/organizations/:id/members')
    expect(routePattern('/library/packages/view/3f2b8c1e-9a4d-4e7f-8b2a-1c3d5e7f9a0b')).toBe('/library/packages/view/:id')
    expect(routePattern('/library/packages/edit/2/42?tab=x#y')).toBe('/library/packages/edit/:id/:id')
    expect(routePattern('/library/packages/accept-share-link/Zk3-abcDEFghiJKLmno_9')).toBe('/library/packages/accept-share-link/:id')
    expect(routePattern('/users/%33%34%35')).toBe('/users/:id')
    expect(routePattern('/platform/telemetry')).toBe('/platform/telemetry')
    expect(routePattern('/organizations/create-attendance-group')).toBe('/organizations/create-attendance-group')
    expect(routePattern('/')).toBe('/')
  })
})

describe('ratingOf', () => {
  it('rates against the good/poor thresholds, inclusive', () => {
    expect(ratingOf('LCP', 2500)).toBe('good')
    expect(ratingOf('LCP', 2501)).toBe('needs-improvement')
    expect(ratingOf('LCP', 4000)).toBe('needs-improvement')
    expect(ratingOf('LCP', 4001)).toBe('poor')
    expect(ratingOf('CLS', 0.1)).toBe('good')
    expect(ratingOf('CLS', 0.26)).toBe('poor')
    expect(ratingOf('FCP', 1801)).toBe('needs-improvement')
  })
})
