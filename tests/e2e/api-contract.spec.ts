import { randomBytes } from 'node:crypto'
import { request as playwrightRequest, type APIRequestContext, type APIResponse } from '@playwright/test'
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { seriousViolations } from '../support/e2e/axe'
import { expect, test } from '../support/e2e/fixtures'
import {
  addMember,
  appDb,
  createOrgWorld,
  insertGroup,
  insertInvitation,
  insertUser,
  PASSWORD,
  signIn,
  type DbUser,
} from '../support/e2e/orgs'
import { insertTag, insertTask } from '../support/e2e/group-work'
import { uniqueEmail } from '../support/e2e/users'

/*
 * The API contract (docs/api.md): every operation of /api/openapi.json is called against the
 * production build, with requests generated from its schemas: valid ones (with the ids of an
 * organization made for this run), and broken ones (wrong types, missing and extra fields,
 * oversized values, bodies that are not JSON, another organization's ids), as an admin, a plain
 * member and signed out. Every answer must be documented: its status among the operation's
 * responses and its body valid against that response's schema (ajv). No answer may be a 5xx, and
 * a signed-out or foreign request must be refused (401/403/404 with { message }).
 *
 * State: the run makes its own two organizations (ours and a foreign one), users, groups and
 * invitations, and only its valid calls change them (a throwaway member is removed, a throwaway
 * group deleted, an invitation revoked, ...). Sign-in and sign-out are sent from throwaway
 * contexts, so the role contexts keep their sessions.
 */

type Schema = Record<string, unknown>
interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema: Schema
}
interface Operation {
  operationId: string
  security?: Record<string, string[]>[]
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema: Schema }> }
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>
}
interface Document {
  paths: Record<string, Record<string, Operation>>
  components: { schemas?: Record<string, Schema> }
}

type Role = 'admin' | 'member' | 'anonymous'
type Variant =
  'valid' | 'foreign' | 'missing' | 'wrong-type' | 'extra' | 'oversized' | 'too-large' | 'not-json' | 'bad-json' | 'bad-param' | 'bad-query'
/** A variant the server must refuse (a 4xx), whoever sends it. */
const BROKEN: Variant[] = ['missing', 'wrong-type', 'too-large', 'not-json', 'bad-json', 'bad-param']

/** The server listens on 127.0.0.1; Node may resolve localhost to ::1 first. */
const baseURL = () => test.info().project.use.baseURL!.replace('//localhost:', '//127.0.0.1:')
const octet = () => Math.floor(Math.random() * 254) + 1
/** A context of its own: its own client address (rate limits) and its own cookies. */
const newContext = () =>
  playwrightRequest.newContext({ baseURL: baseURL(), extraHTTPHeaders: { 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` } })

async function signedIn(user: Pick<DbUser, 'email' | 'password'>) {
  const context = await newContext()
  const response = await context.post('/api/v2/signin', { data: { email: user.email, password: user.password } })
  expect(response.status(), await response.text()).toBe(200)
  return context
}

/** A free loop (no task) by `authorId`, as the loop services write it. */
function insertLoop(groupId: string, authorId: string) {
  const id = randomBytes(12).toString('hex')
  const now = new Date().toISOString()
  appDb()
    .prepare(
      `insert into loops (id, group_id, task_id, author_id, text, emotion, created_at, activity_at) values (?, ?, null, ?, 'En loop', 3, ?, ?)`,
    )
    .run(id, groupId, authorId, now, now)
  return id
}

/** The run's data: our organization (admin, members, groups, invitations) and a foreign one. */
async function makeWorld() {
  const ours = await createOrgWorld({ memberNames: ['Mona Medlem', 'Mats Medlem', 'Tove Tillfällig', 'Sara Skapare'] })
  const [member, other, throwaway, creator] = ours.members
  const foreign = await createOrgWorld({ memberNames: ['Frida Främling'] })
  const spare = await insertUser({ name: `Sigge Signin ${ours.tag}` })
  const g1 = insertGroup(ours.org.id, { name: `Klass 1 ${ours.tag}`, owner: creator, members: [member, other] })
  const g2 = insertGroup(ours.org.id, { name: `Klass 2 ${ours.tag}`, owner: ours.admin, members: [other] })
  const doomed = insertGroup(ours.org.id, { name: `Klass 3 ${ours.tag}`, owner: creator })
  const foreignGroup = insertGroup(foreign.org.id, { name: `Främmande ${ours.tag}`, owner: foreign.members[0] })
  addMember(ours.org.id, creator.id, { groupCreator: true })
  const loop = insertLoop(g1.id, member.id)
  const foreignLoop = insertLoop(foreignGroup.id, foreign.members[0].id)
  const open = insertInvitation({ organizationId: ours.org.id })
  const revocable = insertInvitation({ organizationId: ours.org.id, type: 'email', email: uniqueEmail('revocable') })
  const toMember = insertInvitation({ organizationId: ours.org.id, groupId: g2.id, type: 'email', email: member.email })
  const foreignInvitation = insertInvitation({ organizationId: foreign.org.id, type: 'email', email: uniqueEmail('foreign') })
  // A task and a tag of g1 (its owner is the creator: the admin and the member are refused changes) and of the foreign group.
  const task = insertTask(g1.id, { title: `Uppgift ${ours.tag}` })
  const foreignTask = insertTask(foreignGroup.id, { title: `Främmande uppgift ${ours.tag}` })
  const groupTag = insertTag(g1.id, `Tagg ${ours.tag}`)
  const foreignTag = insertTag(foreignGroup.id, `Främmande ${ours.tag}`)
  return {
    task,
    foreignTask,
    groupTag,
    foreignTag,
    ours,
    foreign,
    member,
    other,
    throwaway,
    creator,
    spare,
    g1,
    g2,
    doomed,
    foreignGroup,
    loop,
    foreignLoop,
    open,
    revocable,
    toMember,
    foreignInvitation,
  }
}
type World = Awaited<ReturnType<typeof makeWorld>>

test('every operation of /api/openapi.json answers as documented, for an admin, a member and the signed-out', async () => {
  test.setTimeout(90_000)
  const anonymous = await newContext()
  const docResponse = await anonymous.get('/api/openapi.json')
  expect(docResponse.status()).toBe(200)
  expect(docResponse.headers()['cache-control']).toContain('max-age')
  const doc = (await docResponse.json()) as Document

  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema({ $id: 'doc', components: doc.components })
  const validators = new Map<Schema, ValidateFunction>()
  const validatorOf = (schema: Schema) => {
    let validate = validators.get(schema)
    if (!validate) {
      validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')))
      validators.set(schema, validate)
    }
    return validate
  }
  const resolve = (schema: Schema): Schema =>
    typeof schema.$ref === 'string' ? resolve(doc.components.schemas![schema.$ref.split('/').pop()!]) : schema

  const world = await makeWorld()
  const users: Record<Exclude<Role, 'anonymous'>, DbUser> = { admin: world.ours.admin, member: world.member }
  const contexts: Record<Role, APIRequestContext> = {
    admin: await signedIn(users.admin),
    member: await signedIn(users.member),
    anonymous,
  }
  const scimToken = await contexts.admin.post(`/api/v1/organizations/${world.ours.org.id}/scim-tokens`, { data: { name: 'contract' } })
  expect(scimToken.status()).toBe(201)
  const tokenId = ((await scimToken.json()) as { id: string }).id

  /** Path parameters: ours (valid) or the foreign organization's. */
  const pathValue = (name: string, role: Role, foreign: boolean, w: World): string => {
    const actor = role === 'anonymous' ? w.spare : users[role]
    const values: Record<string, [string, string]> = {
      organizationId: [w.ours.org.id, w.foreign.org.id],
      userId: [actor.id, w.foreign.admin.id],
      groupId: [w.g1.id, w.foreignGroup.id],
      loopId: [w.loop, w.foreignLoop],
      tokenId: [tokenId, tokenId],
      invitationId: [w.revocable.id, w.foreignInvitation.id],
      kind: ['groups', 'groups'],
      id: [w.toMember.id, w.foreignInvitation.id],
      answer: ['decline', 'decline'],
      taskId: [w.task.id, w.foreignTask.id],
      tagId: [w.groupTag.id, w.foreignTag.id],
    }
    if (!values[name]) throw new Error(`no value for the path parameter ${name}`)
    return values[name][foreign ? 1 : 0]
  }

  /** Realistic values by field name (the run's ids); anything else is made from its schema. */
  const hints = (role: Role, w: World, path: string): Record<string, unknown> => {
    const actor = role === 'anonymous' ? w.spare : users[role]
    return {
      email: path === '/api/v2/signin' ? actor.email : uniqueEmail('contract'),
      password: PASSWORD,
      newPassword: 'ett-nytt-lösenord-123',
      name: `Kontrakt ${w.ours.tag}`,
      token: 'not-a-real-token-0123456789',
      code: '123456',
      invitationCode: w.open.code,
      organizationId: w.ours.org.id,
      groupOwnerId: w.creator.id,
      memberIdsWithRoles: { [w.other.id]: 'member' },
      groupIds: [w.doomed.id],
      members: [path.endsWith('/remove-members') ? w.throwaway.id : w.other.id],
      changeList: [{ groupId: w.g2.id, newOwnerId: w.other.id, oldOwnerRole: 'member' }],
      locale: 'sv',
      timezone: 'Europe/Stockholm',
      active: true,
      unsubscribedTemplates: [],
      appVersion: 'contract-test',
      events: [{ kind: 'vital', name: 'LCP', route: '/', value: 1200 }],
      contact: { name: 'Kansliet', email: 'kansliet@example.se', phone: '013-12 34 56' },
      limit: '2',
      // The insight's range (GET /api/v3/groups/{groupId}/insight): a school term, in the caller's zone.
      from: '2026-01-05',
      to: '2026-06-12',
    }
  }
  /** Bodies whose first schema branch is a bare list of ids. */
  const bodyOverride = (path: string, w: World): unknown => {
    if (path.endsWith('/delete-groups')) return [w.doomed.id]
    if (path.endsWith('/groups/statistics')) return [w.g1.id, w.g2.id]
    if (path.endsWith('/remove-members')) return { members: [w.throwaway.id] }
    if (path.endsWith('-group-creators')) return { members: [w.other.id] }
    // Changing who administers the world's organization would change every later call's answer.
    if (path.endsWith('-admins')) return { members: ['no-such-member'] }
    if (path.endsWith('/invitations')) return { type: 'email', email: uniqueEmail('invited'), groupCreator: true }
    if (path === '/api/v2/users')
      return {
        name: 'Ny Användare',
        email: uniqueEmail('signup'),
        password: 'ett-långt-lösenord',
        preferences: { locale: 'sv', timezone: 'Europe/Stockholm' },
      }
    return undefined
  }

  /** A value the schema takes: the field's hint, else made from the schema. */
  const sample = (raw: Schema, key: string, hint: Record<string, unknown>): unknown => {
    if (key && Object.hasOwn(hint, key)) return hint[key]
    const schema = resolve(raw)
    const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
    if (branches) return sample(branches[0], key, hint)
    if (schema.const !== undefined) return schema.const
    if (Array.isArray(schema.enum)) return schema.enum[0]
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
    if (type === 'object') {
      const required = new Set((schema.required as string[]) ?? [])
      const props = Object.entries((schema.properties as Record<string, Schema>) ?? {}).filter(
        ([k]) => required.has(k) || Object.hasOwn(hint, k),
      )
      return Object.fromEntries(props.map(([k, s]) => [k, sample(s, k, hint)]))
    }
    if (type === 'array') return [sample(schema.items as Schema, '', hint)]
    if (type === 'integer' || type === 'number') return (schema.minimum as number | undefined) ?? 1
    if (type === 'boolean') return true
    return 'x'.repeat(Math.max(1, (schema.minLength as number | undefined) ?? 1))
  }
  const wrongValue = (value: unknown) =>
    typeof value === 'string'
      ? 12345
      : typeof value === 'number'
        ? 'not a number'
        : typeof value === 'boolean'
          ? 'yes'
          : Array.isArray(value)
            ? 'not a list'
            : value === null
              ? 7
              : 'not an object'
  const oversize = (value: unknown): unknown =>
    typeof value === 'string'
      ? 'x'.repeat(20_000)
      : Array.isArray(value)
        ? value.map(oversize)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, oversize(v)]))
          : value

  interface Call {
    role: Role
    variant: Variant
    method: string
    path: string
    op: Operation
    url: string
    headers: Record<string, string>
    body?: string
    /** Answers the run checks beyond the contract (foreign ids in a body). */
    foreignIds?: string[]
  }

  const calls: Call[] = []
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      for (const role of ['admin', 'member', 'anonymous'] as Role[]) {
        const hint = hints(role, world, template)
        const params = op.parameters ?? []
        const pathOf = (foreign: boolean, bad = false) =>
          template.replace(/\{(\w+)\}/g, (_, name: string) => (bad ? 'no-such-id-' + name : pathValue(name, role, foreign, world)))
        const query = (bad: boolean) => {
          const q = new URLSearchParams()
          for (const p of params.filter((p) => p.in === 'query')) {
            const value = bad
              ? 'not-valid-€'
              : Object.hasOwn(hint, p.name)
                ? hint[p.name]
                : p.required
                  ? sample(p.schema, p.name, hint)
                  : undefined
            if (value !== undefined) q.set(p.name, String(value))
          }
          return q.size ? `?${q}` : ''
        }
        const headers = (bad: boolean): Record<string, string> =>
          Object.fromEntries(params.filter((p) => p.in === 'header' && !bad).map((p) => [p.name, String(sample(p.schema, p.name, hint))]))
        const bodySchema = op.requestBody?.content['application/json']?.schema
        const valid = bodySchema ? (bodyOverride(template, world) ?? sample(bodySchema, '', hint)) : undefined
        const json = (body: unknown) => ({ headers: { ...headers(false), 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
        const call = (variant: Variant, init: Partial<Call> & { url?: string } = {}) =>
          calls.push({
            role,
            variant,
            method,
            path: template,
            op,
            url: pathOf(false) + query(false),
            headers: headers(false),
            ...(valid !== undefined ? json(valid) : {}),
            ...init,
          })

        call('valid')
        // Another organization's ids in the path (and in the body, where it names the organization too).
        if (params.some((p) => p.in === 'path' && p.name !== 'kind' && p.name !== 'answer' && p.name !== 'tokenId')) {
          const body =
            valid === undefined ? {} : json(JSON.parse(JSON.stringify(valid).replaceAll(world.ours.org.id, world.foreign.org.id)))
          call('foreign', { url: pathOf(true) + query(false), ...body })
        }
        if (params.some((p) => p.in === 'path')) call('bad-param', { url: pathOf(false, true) + query(false) })
        if (params.some((p) => p.in === 'query')) call('bad-query', { url: pathOf(false) + query(true) })
        if (params.some((p) => p.in === 'header')) call('bad-param', { headers: headers(true) })
        if (bodySchema) {
          const required = ((resolve(bodySchema).required as string[] | undefined) ?? []).length > 0
          if (required || Array.isArray(valid)) call('missing', json(Array.isArray(valid) ? { nothing: true } : {}))
          if (valid && typeof valid === 'object' && !Array.isArray(valid)) {
            for (const key of Object.keys(valid))
              call('wrong-type', json({ ...valid, [key]: wrongValue((valid as Record<string, unknown>)[key]) }))
            call('extra', json({ ...valid, unexpectedField: 'x' }))
          } else call('wrong-type', json('a string, not the body'))
          call('oversized', json(oversize(valid)))
          call('too-large', json({ padding: 'x'.repeat(600 * 1024) }))
          call('not-json', { headers: { ...headers(false), 'Content-Type': 'application/xml' }, body: '<body/>' })
          call('bad-json', { headers: { ...headers(false), 'Content-Type': 'application/json' }, body: '{"unfinished": ' })
          // The same body with the other organization's ids (its group and member) in place of ours.
          if (template.includes('{organizationId}') && /"[0-9a-f]{24}"/.test(JSON.stringify(valid))) {
            const ourGroups = new Set([world.g1.id, world.g2.id, world.doomed.id])
            const foreignIds = [world.foreignGroup.id, world.foreign.members[0].id]
            const swapped = JSON.stringify(valid).replace(/"([0-9a-f]{24})"/g, (quoted, id: string) =>
              id === world.ours.org.id ? quoted : JSON.stringify(ourGroups.has(id) ? world.foreignGroup.id : world.foreign.members[0].id),
            )
            call('foreign', { ...json(JSON.parse(swapped)), foreignIds })
          }
        }
      }
    }
  }

  const problems: string[] = []
  const started = Date.now()
  for (const c of calls) {
    const label = `${c.role} ${c.variant} ${c.method.toUpperCase()} ${c.url}`
    // Sign-in and sign-out change the context's session: sent from a throwaway one (signed in as the role's user).
    const session = c.path === '/api/signout' || c.path.startsWith('/api/v2/signin')
    const context = !session ? contexts[c.role] : c.role === 'anonymous' ? await newContext() : await signedIn(users[c.role])
    let response: APIResponse
    let text: string
    try {
      response = await context.fetch(c.url, { method: c.method.toUpperCase(), headers: c.headers, data: c.body, maxRedirects: 0 })
      text = await response.text()
    } finally {
      if (session) await context.dispose()
    }
    const status = response.status()
    const documented = c.op.responses[String(status)]
    if (status >= 500) problems.push(`${label}: ${status} ${text.slice(0, 200)}`)
    if (!documented) {
      problems.push(`${label}: undocumented status ${status} ${text.slice(0, 200)}`)
      continue
    }
    const [contentType, media] = Object.entries(documented.content ?? {})[0] ?? []
    if (!media) {
      if (text !== '') problems.push(`${label}: ${status} documented without a body, answered ${text.slice(0, 100)}`)
    } else if (contentType === 'application/json') {
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        problems.push(`${label}: ${status} not JSON: ${text.slice(0, 100)}`)
        continue
      }
      const validate = validatorOf(media.schema)
      if (!validate(body)) problems.push(`${label}: ${status} ${text.slice(0, 200)} does not match: ${ajv.errorsText(validate.errors)}`)
      // Foreign ids in a body: never done, never shown.
      if (c.foreignIds && status < 300) {
        if (text.includes('"SUCCESS"') || c.foreignIds.some((id) => text.includes(`"${id}":`)))
          problems.push(`${label}: acted on another organization's ids: ${text.slice(0, 200)}`)
      }
    } else if (!(response.headers()['content-type'] ?? '').startsWith(contentType)) {
      problems.push(`${label}: ${status} answered ${response.headers()['content-type']}, documented ${contentType}`)
    }
    const sessionOnly = (c.op.security ?? []).every((s) => 'session' in s) && (c.op.security ?? []).length > 0
    const refused = status >= 400 && status < 500
    if (c.role === 'anonymous' && sessionOnly && status < 400) problems.push(`${label}: signed out, answered ${status}`)
    if (c.role === 'anonymous' && sessionOnly && c.variant === 'valid' && status !== 401)
      problems.push(`${label}: signed out, answered ${status}, not 401`)
    if (c.variant === 'foreign' && !c.foreignIds && ![401, 403, 404].includes(status))
      problems.push(`${label}: foreign ids answered ${status}, not a refusal`)
    if (BROKEN.includes(c.variant) && !refused) problems.push(`${label}: broken request answered ${status}`)
  }
  const elapsed = Date.now() - started
  console.log(
    `api-contract: ${calls.length} calls to ${Object.values(doc.paths).reduce(
      (n, item) => n + Object.keys(item).length,
      0,
    )} operations in ${elapsed} ms`,
  )
  for (const context of Object.values(contexts)) await context.dispose()
  expect(problems, problems.join('\n')).toEqual([])
})

for (const locale of ['sv', 'en'] as const) {
  test(
    `the reference page /api/docs (${locale}) is rendered on the server from the document, with no serious axe violations`,
    { tag: '@nojs' },
    async ({ page }) => {
      test.setTimeout(60_000)
      if (locale === 'en') await signIn(page, await insertUser({ name: `Eve English ${Date.now()}`, locale: 'en' }))
      const response = await page.goto('/api/docs')
      expect(response?.status()).toBe(200)
      // Self-hosted: the strict CSP of every page (scripts of our origin with a nonce, nothing from a CDN).
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/)
      const heading = { sv: 'API-referens', en: 'API reference' }[locale]
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      // Operations grouped by tag, each with its parameters, body and responses.
      const organizations = page.getByRole('region', { name: 'Organizations' })
      const rename = organizations.getByRole('article', { name: 'PUT /api/v1/organizations/{organizationId}/name' })
      await expect(rename).toContainText('organizationId')
      await expect(rename).toContainText('name: string (1–200 chars)')
      await expect(rename).toContainText('ORGANIZATION_NOT_FOUND')
      await expect(
        page.getByRole('link', { name: { sv: 'OpenAPI 3.1-dokumentet (JSON)', en: 'The OpenAPI 3.1 document (JSON)' }[locale] }),
      ).toHaveAttribute('href', '/api/openapi.json')
      // axe needs the page's JavaScript; without it the page is the same HTML.
      if (test.info().project.use.javaScriptEnabled !== false) expect(await seriousViolations(page)).toEqual([])
    },
  )
}
