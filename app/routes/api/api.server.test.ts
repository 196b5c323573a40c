import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { DomainError } from '~/errors'
import { MAX_BULK_ITEMS, MAX_ID_LENGTH, MAX_OWNER_CHANGES } from '~/services/bulk.schemas'
import {
  ChangeOwnersBodySchema,
  CreateGroupBodySchema,
  GroupIdsBodySchema,
  SetGroupsActiveBodySchema,
} from '~/services/groups/groups.schemas'
import { MemberListPayload } from '~/services/members/members.schemas'
import { unreachableDatabaseError } from '../../../tests/support/db-faults'
import { apiCall, jsonShapeProblem, MAX_JSON_BYTES, MAX_JSON_DEPTH, methodNotAllowed, readJson } from './api.server'

const URL_ = 'http://localhost/api/test'
const JSON_TYPE = { 'Content-Type': 'application/json' }
/** A JSON POST, as API clients send it. */
const jsonPost = (body: string, headers: Record<string, string> = {}) =>
  new Request(URL_, { method: 'POST', body, headers: { ...JSON_TYPE, ...headers } })

/** A request whose body arrives as a stream in pieces, with no Content-Length (or a false one). */
function streamed(pieces: string[], headers: Record<string, string> = {}) {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece))
      controller.close()
    },
  })
  return new Request(URL_, { method: 'POST', body, headers, duplex: 'half' } as RequestInit)
}

async function codeOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  return error instanceof DomainError ? error.code : error
}

const anything = z.unknown()

describe('apiCall', () => {
  it('answers the value as JSON, and a DomainError with its code, data and status', async () => {
    const ok = await apiCall(async () => ({ a: 1 }), { status: 201 })
    expect([ok.status, await ok.json()]).toEqual([201, { a: 1 }])
    const failed = await apiCall(async () => {
      throw new DomainError('TOO_MANY_ATTEMPTS', { retryAt: 'soon' })
    })
    expect([failed.status, await failed.json()]).toEqual([429, { message: 'TOO_MANY_ATTEMPTS', retryAt: 'soon' }])
  })

  it('answers an unexpected error as JSON 500 SERVER_ERROR and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const bug = new TypeError('cannot read properties of undefined')
    const res = await apiCall(async () => {
      throw bug
    })
    expect(res.status).toBe(500)
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(await res.json()).toEqual({ message: 'SERVER_ERROR' })
    expect(logged).toHaveBeenCalledTimes(1)
    expect(logged.mock.calls[0]).toContain(bug)
  })

  it('answers an unreachable database as 503 SERVICE_UNAVAILABLE with Retry-After, without logging it as a bug', async () => {
    const outage = await unreachableDatabaseError()
    const res = await apiCall(async () => {
      throw outage
    })
    expect([res.status, res.headers.get('Retry-After'), await res.json()]).toEqual([503, '5', { message: 'SERVICE_UNAVAILABLE' }])
  })

  it('lets a thrown Response (a guard’s 401) pass through untouched', async () => {
    const unauthorized = Response.json({ message: 'SESSION_NOT_FOUND' }, { status: 401 })
    const thrown = await apiCall(async () => {
      throw unauthorized
    }).then(
      () => null,
      (e: unknown) => e,
    )
    expect(thrown).toBe(unauthorized)
  })
})

describe('methodNotAllowed', () => {
  it('is 405 METHOD_NOT_ALLOWED with the Allow header', async () => {
    const res = methodNotAllowed('GET, POST')
    expect(res.status).toBe(405)
    expect(res.headers.get('Allow')).toBe('GET, POST')
    expect(await res.json()).toEqual({ message: 'METHOD_NOT_ALLOWED' })
  })
})

describe('readJson', () => {
  it('reads a body of exactly MAX_JSON_BYTES bytes', async () => {
    const text = JSON.stringify('x'.repeat(MAX_JSON_BYTES - 2))
    expect(await readJson(jsonPost(text), anything)).toHaveLength(MAX_JSON_BYTES - 2)
  })

  it('counts bytes, not characters: "å" is two', async () => {
    // Fewer characters than the limit, more bytes.
    const text = JSON.stringify('å'.repeat(MAX_JSON_BYTES / 2))
    expect(text.length).toBeLessThan(MAX_JSON_BYTES)
    expect(await codeOf(readJson(jsonPost(text), anything))).toBe('PAYLOAD_TOO_LARGE')
  })

  it('refuses by Content-Length before reading, and stops reading a body without a length at the limit', async () => {
    const declared = jsonPost('{}', { 'Content-Length': String(MAX_JSON_BYTES + 1) })
    expect(await codeOf(readJson(declared, anything))).toBe('PAYLOAD_TOO_LARGE')
    expect(declared.bodyUsed).toBe(false)

    const piece = 'x'.repeat(64 * 1024)
    const pieces = ['"', ...Array.from({ length: MAX_JSON_BYTES / piece.length + 2 }, () => piece), '"']
    expect(await codeOf(readJson(streamed(pieces, JSON_TYPE), anything))).toBe('PAYLOAD_TOO_LARGE')
    // A small body in pieces is read whole, UTF-8 split across them included.
    const bytes = new TextEncoder().encode('{"name":"Öberg"}')
    const split = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 10))
        controller.enqueue(bytes.slice(10))
        controller.close()
      },
    })
    const request = new Request(URL_, { method: 'POST', body: split, headers: JSON_TYPE, duplex: 'half' } as RequestInit)
    expect(await readJson(request, z.object({ name: z.string() }))).toEqual({ name: 'Öberg' })
  })

  it('answers BAD_REQUEST for malformed JSON and a failed schema; an empty body is {}', async () => {
    expect(await codeOf(readJson(jsonPost('{'), anything))).toBe('BAD_REQUEST')
    expect(await codeOf(readJson(jsonPost('[]'), z.object({})))).toBe('BAD_REQUEST')
    expect(await readJson(new Request(URL_, { method: 'POST' }), anything)).toEqual({})
  })
})

describe('body shape', () => {
  /** The fastest of three runs, in ms: the machine's other work only ever adds time. */
  async function fastestOf(fn: () => Promise<unknown>) {
    let best = Infinity
    for (let i = 0; i < 3; i++) {
      const started = performance.now()
      await fn()
      best = Math.min(best, performance.now() - started)
    }
    return best
  }

  it('refuses an array or object of more entries than any payload has, or deeper nesting, before parsing it', () => {
    const list = (n: number) => `[${Array(n).fill('"x"').join(',')}]`
    expect(jsonShapeProblem(list(MAX_BULK_ITEMS))).toBeNull()
    expect(jsonShapeProblem(list(MAX_BULK_ITEMS + 1))).toBe('validation.tooLong')
    expect(jsonShapeProblem(`{"a":${list(MAX_BULK_ITEMS + 1)}}`)).toBe('validation.tooLong')
    expect(jsonShapeProblem(`{${Array.from({ length: MAX_BULK_ITEMS + 1 }, (_, i) => `"k${i}":1`).join(',')}}`)).toBe('validation.tooLong')
    // Commas and brackets inside strings are text, escaped quotes included.
    expect(jsonShapeProblem(JSON.stringify({ a: ','.repeat(MAX_BULK_ITEMS + 1), b: '\\"[[[[' + '['.repeat(MAX_JSON_DEPTH) }))).toBeNull()
    expect(jsonShapeProblem('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toBeNull()
    expect(jsonShapeProblem('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1))).toBe('validation.json')
  })

  // Found with the form flood: a 512 kB list of wrong ids kept zod busy for ~4 s.
  it('answers the worst bodies that fit the limit with 400 in well under 50 ms', async () => {
    const numbers = `[${Array(262_000).fill('1').join(',')}]`
    const deep = '['.repeat(260_000) + ']'.repeat(260_000)
    for (const body of [numbers, deep]) {
      expect(body.length).toBeLessThanOrEqual(MAX_JSON_BYTES)
      const ms = await fastestOf(async () => expect(await codeOf(readJson(jsonPost(body), MemberListPayload))).toBe('BAD_REQUEST'))
      expect(ms).toBeLessThan(50)
    }
  })
})

describe('bulk limits', () => {
  // The longest id the schemas take, so these are the largest payloads they allow.
  const id = (i: number) => String(i).padStart(MAX_ID_LENGTH, '0')
  const ids = (n: number) => Array.from({ length: n }, (_, i) => id(i))
  const post = (body: unknown) => jsonPost(JSON.stringify(body))
  const largest = {
    members: (n: number) => [MemberListPayload, { members: ids(n) }] as const,
    groupIds: (n: number) => [GroupIdsBodySchema, { groupIds: ids(n) }] as const,
    setActive: (n: number) => [SetGroupsActiveBodySchema, { groupIds: ids(n), active: false }] as const,
    createGroup: (n: number) =>
      [
        CreateGroupBodySchema,
        {
          name: 'Ö'.repeat(100),
          organizationId: id(0),
          groupOwnerId: id(0),
          memberIdsWithRoles: Object.fromEntries(ids(n).map((x) => [x, 'subscriber'])),
        },
      ] as const,
    changeOwners: (n: number) =>
      [ChangeOwnersBodySchema, { changeList: ids(n).map((x) => ({ groupId: x, newOwnerId: x, oldOwnerRole: 'subscriber' })) }] as const,
  }
  const limitOf = {
    members: MAX_BULK_ITEMS,
    groupIds: MAX_BULK_ITEMS,
    setActive: MAX_BULK_ITEMS,
    createGroup: MAX_BULK_ITEMS,
    changeOwners: MAX_OWNER_CHANGES,
  }

  it('the body cap holds the largest payload every bulk schema allows, and one item more is a validation error', async () => {
    for (const [name, make] of Object.entries(largest)) {
      const limit = limitOf[name as keyof typeof limitOf]
      const [schema, body] = make(limit)
      expect(new TextEncoder().encode(JSON.stringify(body)).byteLength, name).toBeLessThanOrEqual(MAX_JSON_BYTES)
      await expect(readJson(post(body), schema), name).resolves.toBeDefined()
      const [, over] = make(limit + 1)
      expect(await codeOf(readJson(post(over), schema)), name).toBe('BAD_REQUEST')
    }
  })

  it('stays under the server’s limit for every body (1,000,000 bytes, server/index.ts)', () => {
    expect(MAX_JSON_BYTES).toBeLessThan(1_000_000)
  })
})
