import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { args, createUser, makeRequest, sessionCookieFor } from '../../../tests/support/factories'
import * as invitation from './invitations/invitation'
import * as organizationInvitations from './invitations/organization-invitations'
import * as useCode from './invitations/use-code'
import * as myInvitations from './invitations/mine'
import * as myInvitationAnswer from './invitations/mine-answer'
import * as notFound from './not-found'
import * as active from './organizations/active'
import * as contact from './organizations/contact'
import * as createGroup from './organizations/create-group'
import * as deleteGroups from './organizations/delete-groups'
import * as groupCreators from './organizations/group-creators'
import * as admins from './organizations/admins'
import * as changeOwners from './organizations/groups.change-owners'
import * as setActive from './organizations/groups.set-active'
import * as statistics from './organizations/groups.statistics'
import * as groups from './organizations/groups'
import * as organizations from './organizations/list'
import * as members from './organizations/members'
import * as name from './organizations/name'
import * as removeMembers from './organizations/remove-members'
import * as endMemberSessions from './organizations/end-member-sessions'
import * as forgotPassword from './password-reset.forgot-password'
import * as newPassword from './password-reset.new-password'
import * as verifyToken from './password-reset.verify-token'
import * as signin from './signin'
import * as signinSecondFactor from './signin-second-factor'
import * as signout from './signout'
import * as usersMe from './users.me'
import * as users from './users'
import * as verifyEmailResend from './verify-email.resend'
import * as verifyEmail from './verify-email'

interface RouteModule {
  loader: (args: LoaderFunctionArgs) => Promise<Response> | Response
  action: (args: ActionFunctionArgs) => Promise<Response> | Response
}

/** Every API route module and the methods of the specification's call table it answers. */
const API: [string, RouteModule, string][] = [
  ['/api/v2/signin', signin, 'POST'],
  ['/api/v2/signin/second-factor', signinSecondFactor, 'POST'],
  ['/api/v2/users', users, 'POST'],
  ['/api/signout', signout, 'POST'],
  ['/api/password-reset/forgot-password', forgotPassword, 'POST'],
  ['/api/password-reset/verify-token', verifyToken, 'POST'],
  ['/api/password-reset/new-password', newPassword, 'POST'],
  ['/api/verify-email', verifyEmail, 'POST'],
  ['/api/verify-email/resend', verifyEmailResend, 'POST'],
  ['/api/users/me', usersMe, 'GET, HEAD'],
  ['/api/v3/organizations', organizations, 'GET, HEAD'],
  ['/api/v1/organizations/o/groups', groups, 'GET, HEAD'],
  ['/api/v1/organizations/o/groups/statistics', statistics, 'POST'],
  ['/api/v1/organizations/o/groups/set-active', setActive, 'PUT'],
  ['/api/v1/organizations/o/groups/change-owners', changeOwners, 'PUT'],
  ['/api/v1/organizations/o/delete-groups', deleteGroups, 'POST'],
  ['/api/v1/organizations/o/create-group-with-members', createGroup, 'POST'],
  ['/api/v1/organizations/o/members', members, 'GET, HEAD'],
  ['/api/v1/organizations/o/remove-members', removeMembers, 'POST'],
  ['/api/v1/organizations/o/end-member-sessions', endMemberSessions, 'POST'],
  ['/api/v1/organizations/o/add-group-creators', groupCreators, 'POST'],
  ['/api/v1/organizations/o/add-admins', admins, 'POST'],
  ['/api/v1/organizations/o/active', active, 'PUT'],
  ['/api/v1/organizations/o/contact', contact, 'PUT'],
  ['/api/v1/organizations/o/name', name, 'PUT'],
  ['/api/v2/organizations/o/invitations', organizationInvitations, 'GET, HEAD, POST'],
  ['/api/v1/invitations/use-code', useCode, 'PUT'],
  ['/api/v1/invitations/i', invitation, 'DELETE'],
  ['/api/v1/invitations/mine', myInvitations, 'GET, HEAD'],
  ['/api/v1/invitations/mine/groups/i/accept', myInvitationAnswer, 'POST'],
]

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

/**
 * Calls the route as Remix does: the loader for GET and HEAD, the action for every other method.
 * A thrown Response (a guard's 401) is the answer too.
 */
async function call(route: RouteModule, path: string, method: string, cookie?: string): Promise<Response> {
  const hasBody = method !== 'GET' && method !== 'HEAD'
  const request = makeRequest(path, { method, cookie, ...(hasBody ? { json: {} } : {}) })
  const a = args(request, { organizationId: 'o', invitationId: 'i' })
  try {
    return await (hasBody ? route.action(a) : route.loader(a))
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
}

describe('API methods', () => {
  it('answers every method a route does not take with 405, its Allow header and { message }', async () => {
    for (const [path, route, allow] of API) {
      for (const method of METHODS.filter((m) => !allow.split(', ').includes(m))) {
        const res = await call(route, path, method)
        expect([res.status, res.headers.get('Allow'), await res.json()], `${method} ${path}`).toEqual([
          405,
          allow,
          { message: 'METHOD_NOT_ALLOWED' },
        ])
      }
      for (const method of allow.split(', ')) expect((await call(route, path, method)).status, `${method} ${path}`).not.toBe(405)
    }
  })

  it('PUT /api/signout does not sign out; GET /api/v2/signin and POST /api/users/me are 405, not 500', async () => {
    const cookie = await sessionCookieFor(await createUser())
    expect((await call(signout, '/api/signout', 'PUT', cookie)).status).toBe(405)
    expect((await call(usersMe, '/api/users/me', 'GET', cookie)).status).toBe(200)
    expect((await call(signin, '/api/v2/signin', 'GET')).headers.get('Allow')).toBe('POST')
    expect((await call(usersMe, '/api/users/me', 'POST', cookie)).headers.get('Allow')).toBe('GET, HEAD')
  })

  it('an unknown API path is 404 { message: NOT_FOUND } whatever the method', async () => {
    for (const method of METHODS) {
      const res = await call(notFound as RouteModule, '/api/nope', method)
      expect([res.status, await res.json()]).toEqual([404, { message: 'NOT_FOUND' }])
    }
  })
})
