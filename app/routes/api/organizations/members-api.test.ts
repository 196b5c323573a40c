import { describe, expect, it } from 'vitest'
import { MEMBER_BATCH, listAllMembers, type ApiMember } from '~/services/members/member-batches.server'
import { ctxFor } from '~/services/context.server'
import { args, createUser, makeRequest, sessionCookieFor } from '../../../../tests/support/factories'
import { createMembers, createOrganization } from '../../../../tests/support/org-factories'
import { loader, NEXT_CURSOR_HEADER } from './members'

async function setup(extraMembers: number) {
  const admin = await createUser({ name: 'Astrid Admin' })
  const org = await createOrganization({ adminIds: [admin.id] })
  if (extraMembers) await createMembers(org.id, extraMembers)
  const cookie = await sessionCookieFor(admin)
  const get = (query = '') =>
    loader(args(makeRequest(`/api/v1/organizations/${org.id}/members${query}`, { cookie }), { organizationId: org.id }))
  return { admin, org, get }
}

describe('GET /api/v1/organizations/{id}/members', () => {
  it('streams every member, more than two batches, as one JSON list in the order of the full list', async () => {
    const { admin, org, get } = await setup(2 * MEMBER_BATCH + 10)
    const res = await get()
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toContain('application/json')
    expect(res.headers.get(NEXT_CURSOR_HEADER)).toBeNull()
    // Read as a stream: the list arrives in several chunks, not one body.
    const reader = res.body!.getReader()
    const chunks: string[] = []
    const decoder = new TextDecoder()
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(decoder.decode(r.value, { stream: true }))
    expect(chunks.length).toBeGreaterThan(3)
    const body = JSON.parse(chunks.join('')) as ApiMember[]
    expect(body).toHaveLength(2 * MEMBER_BATCH + 11)
    expect(body).toEqual(await listAllMembers(ctxFor(admin), org.id))
    expect(new Set(body.map((m) => m._id)).size).toBe(body.length)
  })

  it('pages with limit and the X-Next-Cursor of each answer, to exactly the full list', async () => {
    const { get } = await setup(25)
    const full = (await (await get()).json()) as ApiMember[]
    const pages: ApiMember[][] = []
    let cursor: string | null = null
    do {
      const res: Response = await get(`?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      expect(res.status).toBe(200)
      pages.push(await res.json())
      cursor = res.headers.get(NEXT_CURSOR_HEADER)
      if (cursor) expect(res.headers.get('Link')).toContain(`cursor=${encodeURIComponent(cursor)}`)
    } while (cursor && pages.length < 10)
    expect(pages.map((p) => p.length)).toEqual([10, 10, 6])
    expect(pages.flat()).toEqual(full)
    // A limit equal to the rest: no next cursor.
    const whole = await get('?limit=26')
    expect(((await whole.json()) as ApiMember[]).length).toBe(26)
    expect(whole.headers.get(NEXT_CURSOR_HEADER)).toBeNull()
  })

  it('answers 400 BAD_REQUEST for a bad limit or cursor', async () => {
    const { get } = await setup(0)
    for (const limit of ['0', '1001', 'abc', '1.5', '']) {
      const res = await get(`?limit=${limit}`)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ message: 'BAD_REQUEST', errors: { limit: ['validation.limit'] } })
    }
    for (const cursor of ['nonsense', Buffer.from('{"a":1}').toString('base64url'), Buffer.from('[1,2]').toString('base64url')]) {
      const res = await get(`?limit=5&cursor=${cursor}`)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ message: 'BAD_REQUEST', errors: { cursor: ['validation.cursor'] } })
    }
  })
})
