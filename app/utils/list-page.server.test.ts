import { describe, expect, it } from 'vitest'
import { redirectPastLastPage } from './list-page.server'
import { lastPageOf } from './list-query'

const thrown = (fn: () => void) => {
  try {
    fn()
  } catch (error) {
    return error as Response
  }
  return null
}

describe('redirectPastLastPage', () => {
  it('sends a page past the end to the last page, keeping the other parameters', () => {
    const res = thrown(() =>
      redirectPastLastPage(new Request('http://x/organizations/o/members?q=berg&page=99&sort=email&dir=desc'), {
        page: 99,
        total: 303,
        pageSize: 50,
      }),
    )
    expect(res?.status).toBe(302)
    expect(res?.headers.get('Location')).toBe('/organizations/o/members?q=berg&page=7&sort=email&dir=desc')
  })

  it('drops the page parameter when the last page is the first (an empty or short list)', () => {
    const res = thrown(() => redirectPastLastPage(new Request('http://x/l?page=3&kind=attendance'), { page: 3, total: 0, pageSize: 50 }))
    expect(res?.headers.get('Location')).toBe('/l?kind=attendance')
    expect(
      thrown(() => redirectPastLastPage(new Request('http://x/l?page=2'), { page: 2, total: 10, pageSize: 50 }))?.headers.get('Location'),
    ).toBe('/l')
  })

  it('leaves every page up to the last alone', () => {
    for (const page of [1, 6, 7])
      expect(thrown(() => redirectPastLastPage(new Request(`http://x/l?page=${page}`), { page, total: 303, pageSize: 50 }))).toBeNull()
    expect(thrown(() => redirectPastLastPage(new Request('http://x/l'), { page: 1, total: 0, pageSize: 50 }))).toBeNull()
    expect(lastPageOf({ total: 300, pageSize: 50 })).toBe(6)
    expect(lastPageOf({ total: 301, pageSize: 50 })).toBe(7)
  })
})
