/**
 * SCIM conformance run (docs/testing.md, docs/directory-sync.md): replays a whole provisioning
 * cycle against a running server, in the request shapes Microsoft Entra ID's provisioning service
 * documents ("Tutorial: Develop and plan provisioning for a SCIM endpoint in Microsoft Entra ID"),
 * then a pass in the shapes of a Google Workspace-style client (plain JSON booleans, lower-case
 * operations, PUT with the whole resource), and checks what the organization holds afterwards:
 * its members, its directory groups and their members, the audit with the directory as the actor,
 * and the sync's last errors.
 *
 * `runScimConformance` is called by tests/e2e/scim-conformance.spec.ts against the production
 * build Playwright serves; the organization is read through `OrganizationView` (the spec reads the
 * database). Each check that fails throws with the request and the answer.
 */

export interface OrganizationView {
  /** Emails of the organization's members with their role. */
  members(): Promise<{ email: string; role: string }[]>
  /** The organization's groups the directory manages, with their members' emails (the owner too). */
  directoryGroups(): Promise<{ name: string; members: string[] }[]>
  /** Audit actions recorded with this directory token as the actor, oldest first. */
  directoryAudit(): Promise<string[]>
  /** The sync's last errors as the organization home shows them: `status scimType operation`. */
  lastErrors(): Promise<string[]>
}

export interface ConformanceOptions {
  /** The server's origin, e.g. http://localhost:3210. */
  baseUrl: string
  /** A directory token of the organization (scim_…). */
  token: string
  /** Emails are made unique with this (a test's tag). */
  tag: string
  /** The email of the admin who owns the directory's groups (stays in every group). */
  ownerEmail: string
  organization: OrganizationView
}

export interface ConformanceReport {
  requests: number
  checks: number
  milliseconds: number
}

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User'
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group'
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp'
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error'

type Json = Record<string, any>

export async function runScimConformance(opts: ConformanceOptions): Promise<ConformanceReport> {
  const started = Date.now()
  let requests = 0
  let checks = 0
  const scim = `${opts.baseUrl.replace(/\/$/, '')}/scim/v2`

  function check(ok: boolean, what: string, context?: unknown): asserts ok {
    checks++
    if (!ok) throw new Error(`SCIM conformance: ${what}${context === undefined ? '' : `\n${JSON.stringify(context, null, 2)}`}`)
  }

  /** One request as a directory sends it; the answer's status is checked, its body returned. */
  async function send(method: string, path: string, expected: number, body?: unknown, contentType = 'application/scim+json') {
    requests++
    const response = await fetch(`${scim}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${opts.token}`,
        Accept: 'application/scim+json',
        ...(body === undefined ? {} : { 'Content-Type': contentType }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    const json = (text ? JSON.parse(text) : null) as Json
    check(response.status === expected, `${method} ${path}: expected ${expected}, got ${response.status}`, { sent: body, answered: json })
    if (text)
      check(
        (response.headers.get('Content-Type') ?? '').startsWith('application/scim+json'),
        `${method} ${path}: answered as application/scim+json`,
      )
    if (expected >= 400)
      check(json?.schemas?.[0] === ERROR && json.status === String(expected), `${method} ${path}: an RFC 7644 error body`, json)
    return { json, headers: response.headers }
  }

  const email = (name: string) => `${name}.${opts.tag}@conformance.example.se`.toLowerCase()
  const filter = (expression: string) => `filter=${encodeURIComponent(expression)}`
  const patch = (...Operations: Json[]) => ({ schemas: [PATCH], Operations })

  // Entra ID's "Test connection": a filter on a userName that does not exist.
  const probe = await send('GET', `/Users?${filter(`userName eq "${crypto.randomUUID()}"`)}`, 200)
  check(probe.json.totalResults === 0 && Array.isArray(probe.json.Resources), 'the test connection finds no one', probe.json)
  await send('GET', '/ServiceProviderConfig', 200)

  // ---- Microsoft Entra ID ----
  // Seven people, added to the group in batches of three (Entra ID sends members in batches).
  const count = 7
  const people = Array.from({ length: count }, (_, i) => ({
    email: email(`entra${i + 1}`),
    objectId: crypto.randomUUID(),
    given: `Förnamn${i + 1}`,
    family: `Efternamn${i + 1}`,
  }))
  const ids: string[] = []
  for (const person of people) {
    // Entra ID looks the person up by the matching attribute before creating them.
    const found = await send('GET', `/Users?${filter(`userName eq "${person.email}"`)}`, 200)
    check(found.json.totalResults === 0, `${person.email} is not there before it is created`, found.json)
    const created = await send('POST', '/Users', 201, {
      schemas: [USER, ENTERPRISE],
      externalId: person.objectId,
      userName: person.email,
      active: true,
      displayName: `${person.given} ${person.family}`,
      emails: [{ primary: true, type: 'work', value: person.email }],
      meta: { resourceType: 'User' },
      name: { formatted: `${person.given} ${person.family}`, familyName: person.family, givenName: person.given },
      title: 'Lärare',
      roles: [],
      [ENTERPRISE]: { department: 'Skolförvaltningen', employeeNumber: '1234' },
    })
    check(
      created.headers.get('Location') === created.json.meta?.location && created.json.meta.location.endsWith(`/Users/${created.json.id}`),
      'a create answers Location = meta.location',
      created.json,
    )
    check(
      created.json.userName === person.email && created.json.active === true && created.json.externalId === person.objectId,
      'the created user is as sent',
      created.json,
    )
    ids.push(created.json.id)
  }
  // A second create of the same userName: 409 uniqueness; a filter it does not support: 400 invalidFilter.
  const duplicate = await send('POST', '/Users', 409, { schemas: [USER], userName: people[0].email.toUpperCase(), active: true })
  check(duplicate.json.scimType === 'uniqueness', 'a duplicate userName is uniqueness', duplicate.json)
  const unsupported = await send('GET', `/Users?${filter(`userName sw "entra"`)}`, 400)
  check(unsupported.json.scimType === 'invalidFilter', 'an unsupported filter is invalidFilter', unsupported.json)

  // The group: looked up by displayName (members excluded), created empty, members added in batches.
  const groupName = `Personal ${opts.tag}`
  const noGroup = await send('GET', `/Groups?excludedAttributes=members&${filter(`displayName eq "${groupName}"`)}`, 200)
  check(noGroup.json.totalResults === 0, 'the group is not there before it is created', noGroup.json)
  const group = await send('POST', '/Groups', 201, {
    schemas: [GROUP],
    externalId: crypto.randomUUID(),
    displayName: groupName,
    meta: { resourceType: 'Group' },
    members: [],
  })
  const groupId: string = group.json.id
  for (let i = 0; i < ids.length; i += 3) {
    await send(
      'PATCH',
      `/Groups/${groupId}`,
      200,
      patch({ op: 'Add', path: 'members', value: ids.slice(i, i + 3).map((value) => ({ value })) }),
    )
  }
  const inGroup = await send('GET', `/Groups/${groupId}`, 200)
  check(
    ids.every((id) => inGroup.json.members?.some((m: Json) => m.value === id)),
    'every batch of members is in the group',
    inGroup.json,
  )
  const byMember = await send('GET', `/Groups?excludedAttributes=members&${filter(`members[value eq "${ids[0]}"]`)}`, 200)
  check(byMember.json.totalResults === 1, 'the group is found by a member', byMember.json)

  // Attribute changes: several operations with paths, and a replace without a path carrying several attributes.
  await send(
    'PATCH',
    `/Users/${ids[1]}`,
    200,
    patch(
      { op: 'Replace', path: 'displayName', value: 'Ny Visning' },
      { op: 'Add', path: 'name.givenName', value: 'Ny' },
      { op: 'Replace', path: 'title', value: 'Rektor' },
    ),
  )
  const replaced = await send(
    'PATCH',
    `/Users/${ids[2]}`,
    200,
    patch({
      op: 'Replace',
      value: {
        displayName: 'Alla Fält',
        'name.givenName': 'Alla',
        'name.familyName': 'Fält',
        externalId: 'changed-object-id',
        active: 'True',
      },
    }),
  )
  check(
    replaced.json.displayName === 'Alla Fält' &&
      replaced.json.name?.familyName === 'Fält' &&
      replaced.json.externalId === 'changed-object-id',
    'a replace without a path sets every attribute it carries',
    replaced.json,
  )
  const byExternal = await send('GET', `/Users?${filter(`externalId eq "changed-object-id"`)}`, 200)
  check(
    byExternal.json.totalResults === 1 && byExternal.json.Resources[0].id === ids[2],
    'the user is found by its new externalId',
    byExternal.json,
  )

  // Deactivation as Entra ID sends it ("False", a string): the membership ends, the resource stays readable.
  const off = await send('PATCH', `/Users/${ids[0]}`, 200, patch({ op: 'Replace', path: 'active', value: 'False' }))
  check(off.json.active === false, 'the deactivated user reads back active: false', off.json)
  const stillThere = await send('GET', `/Users?${filter(`userName eq "${people[0].email}"`)}`, 200)
  check(
    stillThere.json.totalResults === 1 && stillThere.json.Resources[0].active === false,
    'a deactivated user is still found by userName',
    stillThere.json,
  )
  // Reactivation ("True"): a member again.
  const on = await send('PATCH', `/Users/${ids[0]}`, 200, patch({ op: 'Replace', path: 'active', value: 'True' }))
  check(on.json.active === true, 'the reactivated user reads back active: true', on.json)
  // A member removed from the group by a value filter, then a user deactivated and one deleted.
  await send('PATCH', `/Groups/${groupId}`, 200, patch({ op: 'Remove', path: `members[value eq "${ids[3]}"]` }))
  await send('PATCH', `/Users/${ids[4]}`, 200, patch({ op: 'Replace', path: 'active', value: 'False' }))
  await send('DELETE', `/Users/${ids[5]}`, 204)
  await send('GET', `/Users/${ids[5]}`, 404)
  await send('PATCH', `/Groups/${groupId}`, 200, patch({ op: 'Replace', path: 'displayName', value: `${groupName} (ny)` }))

  // ---- A Google Workspace-style client: plain JSON, booleans, lower-case operations, PUT ----
  const googlePerson = { email: email('google'), id: String(Date.now()) }
  const googleCreated = await send(
    'POST',
    '/Users',
    201,
    {
      schemas: [USER],
      userName: googlePerson.email,
      externalId: googlePerson.id,
      name: { givenName: 'Greta', familyName: 'Google' },
      emails: [{ value: googlePerson.email, primary: true }],
      active: true,
    },
    'application/json',
  )
  const googleId: string = googleCreated.json.id
  const full = (active: boolean) => ({
    schemas: [USER],
    id: googleId,
    userName: googlePerson.email,
    externalId: googlePerson.id,
    name: { givenName: 'Greta', familyName: 'Gmail' },
    active,
  })
  const put = await send('PUT', `/Users/${googleId}`, 200, full(true), 'application/json')
  check(put.json.name?.familyName === 'Gmail', 'a PUT replaces the name', put.json)
  await send('PATCH', `/Groups/${groupId}`, 200, patch({ op: 'add', path: 'members', value: [{ value: googleId }] }), 'application/json')
  const suspended = await send('PUT', `/Users/${googleId}`, 200, full(false), 'application/json')
  check(suspended.json.active === false, 'a PUT with active: false (a suspended account) deactivates', suspended.json)
  await send('PATCH', `/Users/${googleId}`, 200, patch({ op: 'replace', value: { active: true } }), 'application/json')
  const googleGroup = await send(
    'POST',
    '/Groups',
    201,
    { schemas: [GROUP], displayName: `Google ${opts.tag}`, members: [{ value: googleId }] },
    'application/json',
  )
  await send('DELETE', `/Groups/${googleGroup.json.id}`, 204)
  await send('GET', `/Groups/${googleGroup.json.id}`, 404)

  // ---- The organization afterwards ----
  const members = new Map((await opts.organization.members()).map((m) => [m.email, m.role]))
  for (const address of [...[0, 1, 2, 3, 6].map((i) => people[i].email), googlePerson.email])
    check(members.get(address) === 'member', `${address} is a member with the member role`, [...members])
  for (const address of [people[4].email, people[5].email])
    check(!members.has(address), `${address} (deactivated or deleted) is no longer a member`, [...members])

  const groups = await opts.organization.directoryGroups()
  check(groups.length === 1, 'the directory has one group left (the other was deleted)', groups)
  check(groups[0].name === `${groupName} (ny)`, 'the group has its new name', groups)
  // A deactivation ends the person's groups and a reactivation does not restore them: the first
  // and the Google-style person are out, as are the one removed from the group, the deactivated and the deleted.
  const expectedInGroup = [opts.ownerEmail.toLowerCase(), people[1].email, people[2].email, people[6].email].sort()
  check(
    JSON.stringify([...groups[0].members].sort()) === JSON.stringify(expectedInGroup),
    'the group holds its owner and the members the directory left in it',
    { groups, expectedInGroup },
  )

  const audit = await opts.organization.directoryAudit()
  const countOf = (action: string) => audit.filter((a) => a === action).length
  check(countOf('directory.users.create') === count + 1, 'each created user is audited with the directory as the actor', audit)
  check(countOf('directory.groups.create') === 2 && countOf('groups.delete') === 1, 'the groups created and deleted are audited', audit)
  check(countOf('directory.groups.update') >= Math.ceil(count / 3) + 2, 'each batch of members and the rename is audited', audit)
  check(
    countOf('members.remove') === 4,
    'each membership the directory ended is audited (two deactivations, a suspension, a deletion)',
    audit,
  )
  check(
    countOf('directory.users.activate') === 2 && countOf('directory.users.delete') === 1,
    'reactivations and the deletion are audited',
    audit,
  )
  check(countOf('directory.users.update') >= 3, 'attribute changes are audited', audit)

  const errors = await opts.organization.lastErrors()
  for (const expected of [
    '409 uniqueness POST /Users',
    '400 invalidFilter GET /Users',
    `404 - GET /Users/${ids[5]}`,
    `404 - GET /Groups/${googleGroup.json.id}`,
  ]) {
    check(errors.includes(expected), `the sync's last errors list ${expected}`, errors)
  }

  return { requests, checks, milliseconds: Date.now() - started }
}
