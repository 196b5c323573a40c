import { describe, expect, it } from 'vitest'
import { args, makeRequest } from '../../../../tests/support/factories'
import * as docs from './docs'
import { openApiDocument } from './document.server'
import * as openapiJson from './openapi-json'
import { referenceOf, textParts, typeText } from './reference'

describe('GET /api/openapi.json', () => {
  it('answers the document, cacheable with an ETag; the same ETag is a 304 without a body', async () => {
    const res = await openapiJson.loader(args(makeRequest('/api/openapi.json')))
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toContain('application/json')
    expect(res.headers.get('Cache-Control')).toContain('max-age=300')
    expect(await res.text()).toBe(openApiDocument().json)
    const etag = res.headers.get('ETag')!
    const again = await openapiJson.loader(args(makeRequest('/api/openapi.json', { headers: { 'If-None-Match': etag } })))
    expect([again.status, await again.text(), again.headers.get('ETag')]).toEqual([304, '', etag])
  })

  it('answers GET and HEAD only', async () => {
    const res = await openapiJson.action(args(makeRequest('/api/openapi.json', { method: 'POST', json: {} })))
    expect([res.status, res.headers.get('Allow')]).toEqual([405, 'GET, HEAD'])
  })
})

describe('the reference page', () => {
  it('groups every operation by its tag, with parameters, body and responses as short types', async () => {
    const data = referenceOf(openApiDocument().document as Parameters<typeof referenceOf>[0])
    const operations = data.groups.flatMap((g) => g.operations)
    expect(operations).toHaveLength(
      Object.values(openApiDocument().document.paths ?? {}).reduce((n, item) => n + Object.keys(item).length, 0),
    )
    const rename = data.groups.find((g) => g.tag === 'Organizations')!.operations.find((o) => o.path.endsWith('/{organizationId}/name'))!
    expect(rename).toMatchObject({ method: 'PUT', access: 'session', parameters: [{ name: 'organizationId', in: 'path', required: true }] })
    expect(rename.body).toBe('{\n  name: string (1–200 chars)\n  …\n}')
    expect(rename.responses.map((r) => r.status)).toEqual(['200', '400', '401', '403', '404', '411', '413', '415', '503'])
    expect(rename.responses[0].type).toBe('Organization')
    expect(rename.responses.find((r) => r.status === '404')!.description).toBe('ORGANIZATION_NOT_FOUND')
    expect(data.schemas.map((s) => s.name)).toContain('Organization')
    const loaded = await docs.loader()
    expect(await loaded.json()).toEqual(JSON.parse(JSON.stringify(data)))
  })

  it('reads the descriptions’ Markdown code spans as code, not as backticks (issue 35)', () => {
    expect(textParts('`{ "members": [ids] }` (`{ "memberIds": [ids] }` also taken). One `x')).toEqual([
      { code: true, text: '{ "members": [ids] }' },
      { code: false, text: ' (' },
      { code: true, text: '{ "memberIds": [ids] }' },
      { code: false, text: ' also taken). One `x' },
    ])
    expect(textParts('plain')).toEqual([{ code: false, text: 'plain' }])
  })

  it('writes unions, nullables, lists, records and literals', () => {
    expect(typeText({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'null' }] } })).toBe('(string | null)[]')
    expect(typeText({ type: ['string', 'null'] })).toBe('string | null')
    expect(typeText({ type: 'object', additionalProperties: { type: 'integer', minimum: 0 } })).toBe('{\n  [key: string]: integer (0–∞)\n}')
    expect(typeText({ enum: ['a', 'b'] })).toBe('"a" | "b"')
    expect(typeText({ type: 'object', properties: {}, additionalProperties: false })).toBe('{}')
  })
})
