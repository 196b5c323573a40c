import { describe, expect, it } from 'vitest'
import { isCurrentPath } from './app-link'

describe('isCurrentPath (NavLink’s rule for the current page)', () => {
  it('is the page itself, and a page under it unless `end`', () => {
    expect(isCurrentPath('/groups', '/groups')).toBe(true)
    expect(isCurrentPath('/groups/abc/home', '/groups')).toBe(true)
    expect(isCurrentPath('/groups/abc/home', '/groups', true)).toBe(false)
    expect(isCurrentPath('/organizations', '/organizations', true)).toBe(true)
  })

  it('does not take a longer name for a page under it', () => {
    expect(isCurrentPath('/groupsx', '/groups')).toBe(false)
    expect(isCurrentPath('/library-old', '/library')).toBe(false)
  })

  it('marks the feed (/) only on the feed, with or without `end`', () => {
    expect(isCurrentPath('/', '/')).toBe(true)
    expect(isCurrentPath('/groups', '/')).toBe(false)
    expect(isCurrentPath('/groups', '/', true)).toBe(false)
  })

  it('ignores a trailing slash on the link', () => {
    expect(isCurrentPath('/platform/mail', '/platform/mail/')).toBe(true)
    expect(isCurrentPath('/platform/mail/x', '/platform/mail/')).toBe(true)
  })
})
