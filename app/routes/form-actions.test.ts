import type { ActionFunctionArgs } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { PAGE_METHODS } from '~/utils/request-rules'
import { PAGE_SIZE } from '~/utils/list-query'
import { args, createUser, makeRequest, sessionCookieFor } from '../../tests/support/factories'
import { createMembers, createOrganization } from '../../tests/support/org-factories'
import * as forgotPassword from './auth/forgot-password'
import * as invitationCode from './auth/invitation-code/route'
import * as newPassword from './auth/new-password'
import * as passkeySignInOptions from './auth/passkey-options'
import * as signin from './auth/signin'
import * as signout from './auth/signout'
import * as signup from './auth/signup'
import * as twoStep from './auth/two-step'
import * as verify from './auth/verify'
import * as healthz from './healthz'
import * as locale from './locale'
import * as membersCsv from './organizations/members-csv'
import * as forgotPasswordRedirect from './redirects/forgot-password'
import * as groupCreators from './organizations/group-creators/route'
import * as groups from './organizations/groups/route'
import * as home from './organizations/home/route'
import * as members from './organizations/members'
import * as keepalive from './session-keepalive'
import * as myDataJson from './users/my-data-json'
import * as accountPrefs from './users/preferences/account/route'
import * as dataPrefs from './users/preferences/data/route'
import * as notificationPrefs from './users/preferences/notifications/route'
import * as passkeyOptions from './users/preferences/security/passkey-options'
import * as securityPrefs from './users/preferences/security/route'
import * as profilePage from './users/profile/route'
import * as verifyEmailChange from './users/verify-email-change'

type Action = (args: ActionFunctionArgs) => Promise<unknown>

/** Every form action of the pages, with a path it answers at (organization pages: as an admin). */
async function formActions() {
  const admin = await createUser()
  const org = await createOrganization({ adminIds: [admin.id] })
  const cookie = await sessionCookieFor(admin)
  const orgPath = (p: string) => ({ path: `/organizations/${org.id}${p}`, params: { organizationId: org.id }, cookie })
  const anonymous = (path: string) => ({ path, params: {}, cookie: undefined })
  const list: [string, Action, { path: string; params: Record<string, string>; cookie?: string }][] = [
    ['signin', signin.action, anonymous('/signin')],
    ['signup', signup.action, anonymous('/signup')],
    ['signin/two-step', twoStep.action, anonymous('/signin/two-step')],
    ['forgot-password', forgotPassword.action, anonymous('/forgot-password')],
    ['verify/resend', forgotPassword.action, anonymous('/verify/resend')],
    ['new-password', newPassword.action, anonymous('/new-password')],
    ['verify', verify.action, anonymous('/verify')],
    ['signout', signout.action, anonymous('/signout')],
    ['invitation-code', invitationCode.action, { path: '/invitation-code', params: {}, cookie }],
    ['locale', locale.action, anonymous('/locale')],
    ['session/keepalive', keepalive.action, { path: '/session/keepalive', params: {}, cookie }],
    ['signin/passkey/options', passkeySignInOptions.action, anonymous('/signin/passkey/options')],
    [
      'passkey options',
      passkeyOptions.action,
      { path: `/users/${admin.id}/preferences/security/passkeys/options`, params: { id: admin.id }, cookie },
    ],
    ['organization home', home.action, orgPath('')],
    ['members', members.action, orgPath('/members')],
    ['groups', groups.action, orgPath('/groups')],
    ['group-creators', groupCreators.action, orgPath('/group-creators')],
    ['profile', profilePage.action, { path: `/users/${admin.id}`, params: { id: admin.id }, cookie }],
    ['account preferences', accountPrefs.action, { path: `/users/${admin.id}/preferences/account`, params: { id: admin.id }, cookie }],
    ['security preferences', securityPrefs.action, { path: `/users/${admin.id}/preferences/security`, params: { id: admin.id }, cookie }],
    [
      'notification preferences',
      notificationPrefs.action,
      { path: `/users/${admin.id}/preferences/notifications`, params: { id: admin.id }, cookie },
    ],
    ['my data', dataPrefs.action, { path: `/users/${admin.id}/preferences/data`, params: { id: admin.id }, cookie }],
    ['verify-email-change', verifyEmailChange.action, anonymous('/verify-email-change')],
  ]
  return { list, org, cookie }
}

/** What the action answered or threw, as the catalogue's answer. */
async function answer(action: Action, request: Request, params: Record<string, string>) {
  const started = performance.now()
  const result = await action(args(request, params)).catch((e: unknown) => e)
  const ms = performance.now() - started
  if (!(result instanceof Response)) return { status: 200, body: null, allow: null, ms }
  const json = result.headers.get('Content-Type')?.includes('json') ? await result.json() : null
  return { status: result.status, body: json, allow: result.headers.get('Allow'), ms }
}

const request = (path: string, init: { method?: string; body: string; type: string; cookie?: string }) =>
  new Request(`http://localhost:3000${path}`, {
    method: init.method ?? 'POST',
    body: init.body,
    headers: { 'Content-Type': init.type, ...(init.cookie ? { Cookie: init.cookie } : {}) },
  })

const FORM = 'application/x-www-form-urlencoded'

describe('every form action', () => {
  it('answers another method than POST with 405 and Allow, in the catalogue’s shape', async () => {
    const { list } = await formActions()
    for (const [name, action, { path, params, cookie }] of list) {
      for (const method of ['PUT', 'PATCH', 'DELETE']) {
        const res = await answer(action, request(path, { method, body: 'intent=x', type: FORM, cookie }), params)
        expect(res, `${method} ${name}`).toMatchObject({ status: 405, body: { message: 'METHOD_NOT_ALLOWED' }, allow: PAGE_METHODS })
      }
    }
  })

  it('answers a JSON or text body with 415, not 500', async () => {
    const { list } = await formActions()
    for (const [name, action, { path, params, cookie }] of list) {
      for (const [type, body] of [
        ['application/json', '{"email":"a@example.se","intent":"remove"}'],
        ['text/plain', 'locale=en'],
      ]) {
        const res = await answer(action, request(path, { body, type, cookie }), params)
        expect(res, `${type} to ${name}`).toMatchObject({ status: 415, body: { message: 'UNSUPPORTED_MEDIA_TYPE' } })
      }
    }
  })

  // The attack: one field repeated 60,000 times (~300 kB) kept the server busy for ~30 s.
  it('refuses a field repeated 60,000 times with 413 at once', async () => {
    const { list } = await formActions()
    const flood = `zz=${Array(60_000).fill('a').join('&zz=')}`
    for (const [name, action, { path, params, cookie }] of list) {
      const res = await answer(action, request(path, { body: flood, type: FORM, cookie }), params)
      expect(res, name).toMatchObject({ status: 413, body: { message: 'PAYLOAD_TOO_LARGE' } })
      // The session and organization lookups of the organization pages included.
      expect(res.ms, name).toBeLessThan(500)
    }
  })
})

describe('bulk forms', () => {
  it('take one page of ids, and refuse more', async () => {
    const { org, cookie } = await formActions()
    const ids = await createMembers(org.id, PAGE_SIZE + 1)
    const post = (n: number) =>
      answer(
        members.action,
        makeRequest(`/organizations/${org.id}/members`, { form: { intent: 'remove', ids: ids.slice(0, n) }, cookie }),
        { organizationId: org.id },
      )
    // Without confirmed=1 the page answers with its confirmation step: nothing is removed either way.
    expect((await post(PAGE_SIZE)).status).toBe(200)
    expect(await post(PAGE_SIZE + 1)).toMatchObject({ status: 413, body: { message: 'PAYLOAD_TOO_LARGE' } })
  })
})

describe('resource routes outside the API', () => {
  it('answer the method they do not take with 405 and Allow, not Remix’s own error', async () => {
    const cases: [string, () => unknown, string][] = [
      ['GET /locale', () => locale.loader(), 'POST'],
      ['GET /session/keepalive', () => keepalive.loader(), 'POST'],
      ['POST /healthz', () => healthz.action(), 'GET, HEAD'],
      ['POST /forgot_password', () => forgotPasswordRedirect.action(), 'GET, HEAD'],
      ['POST …/members.csv', () => membersCsv.action(), 'GET, HEAD'],
      ['POST /users/:id/my-data.json', () => myDataJson.action(), 'GET, HEAD'],
    ]
    for (const [name, call, allow] of cases) {
      const res = (await call()) as Response
      expect([res.status, res.headers.get('Allow'), await res.json()], name).toEqual([405, allow, { message: 'METHOD_NOT_ALLOWED' }])
    }
  })
})
