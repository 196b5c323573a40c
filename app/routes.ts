import { index, layout, prefix, route, type RouteConfig } from '@remix-run/route-config'

/** Every URL of the product: screens, redirects, layouts and the JSON API (spec sections 2 and 7). */
export default [
  // Auth area: one wrapper screen, no header.
  layout('routes/auth/layout.tsx', [
    route('signin', 'routes/auth/signin.tsx'),
    route('signup', 'routes/auth/signup.tsx'),
    route('forgot-password', 'routes/auth/forgot-password.tsx'),
    route('verify/resend', 'routes/auth/forgot-password.tsx', { id: 'routes/auth/verify-resend' }),
    route('new-password', 'routes/auth/new-password.tsx'),
    route('verify', 'routes/auth/verify.tsx'),
    route('signout', 'routes/auth/signout.tsx'),
    route('invitation-code', 'routes/auth/invitation-code/route.tsx'),
  ]),
  route('forgot_password', 'routes/redirects/forgot-password.ts'),
  route('locale', 'routes/locale.ts'),
  route('session/keepalive', 'routes/session-keepalive.ts'),
  route('healthz', 'routes/healthz.ts'),
  route('hello-world', 'routes/dev/hello-world.tsx'),
  route('library/signin', 'routes/library/redirects/signin.ts'),
  route('library/users/:id', 'routes/library/redirects/user-invitations.ts', { id: 'library/users' }),
  route('library/users/:id/invitations', 'routes/library/redirects/user-invitations.ts', { id: 'library/users-invitations' }),

  // Screens with the header, side menu and breadcrumbs.
  layout('routes/app-layout.tsx', [
    index('routes/home.tsx'),
    route('support', 'routes/support.tsx'),
    route('organizations', 'routes/organizations/section.tsx', [
      index('routes/organizations/list.tsx'),
      route(':organizationId', 'routes/organizations/layout.tsx', [
        index('routes/organizations/home/route.tsx'),
        route('members', 'routes/organizations/members.tsx'),
        route('members.csv', 'routes/organizations/members-csv.ts'),
        route('groups', 'routes/organizations/groups/route.tsx'),
        route('group-creators', 'routes/organizations/group-creators/route.tsx'),
      ]),
    ]),
    route('library', 'routes/library/section.tsx', [
      index('routes/library/feed/route.tsx'),
      route('packages/view/:pid', 'routes/library/package-view/route.tsx'),
      route('packages/accept-share-link', 'routes/library/accept-share-link.tsx'),
      route('packages/new', 'routes/library/redirects/new-package.ts'),
      route('packages/new/:step', 'routes/library/wizard/route.tsx', { id: 'library/new' }),
      route('packages/edit/:pid', 'routes/library/redirects/edit-package.ts'),
      route('packages/edit/:step/:pid', 'routes/library/wizard/route.tsx', { id: 'library/edit' }),
      route('create/group', 'routes/library/create-group/route.tsx'),
      route('invitations/:id', 'routes/library/invitations/route.tsx'),
    ]),
    route('platform/mail', 'routes/platform/mail.tsx'),
    route('dev/mailbox', 'routes/dev/mailbox.tsx'),
    route('dev/signed-in', 'routes/dev/signed-in.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),

  // JSON API over the same services.
  ...prefix('api', [
    route('v2/signin', 'routes/api/signin.ts'),
    route('v2/users', 'routes/api/users.ts'),
    route('signout', 'routes/api/signout.ts'),
    route('password-reset/forgot-password', 'routes/api/password-reset.forgot-password.ts'),
    route('password-reset/verify-token', 'routes/api/password-reset.verify-token.ts'),
    route('password-reset/new-password', 'routes/api/password-reset.new-password.ts'),
    route('verify-email', 'routes/api/verify-email.ts'),
    route('verify-email/resend', 'routes/api/verify-email.resend.ts'),
    route('users/me', 'routes/api/users.me.ts'),
    route('v3/organizations', 'routes/api/organizations/list.ts'),
    ...prefix('v1/organizations/:organizationId', [
      route('groups', 'routes/api/organizations/groups.ts'),
      route('groups/statistics', 'routes/api/organizations/groups.statistics.ts'),
      route('groups/set-active', 'routes/api/organizations/groups.set-active.ts'),
      route('groups/change-owners', 'routes/api/organizations/groups.change-owners.ts'),
      route('delete-groups', 'routes/api/organizations/delete-groups.ts'),
      route('create-group-with-members', 'routes/api/organizations/create-group.ts', { id: 'api/create-group' }),
      route('create-attendance-group-with-members', 'routes/api/organizations/create-group.ts', { id: 'api/create-attendance-group' }),
      route('members', 'routes/api/organizations/members.ts'),
      route('remove-members', 'routes/api/organizations/remove-members.ts'),
      route('add-group-creators', 'routes/api/organizations/group-creators.ts', { id: 'api/add-group-creators' }),
      route('remove-group-creators', 'routes/api/organizations/group-creators.ts', { id: 'api/remove-group-creators' }),
      route('active', 'routes/api/organizations/active.ts'),
      route('contact', 'routes/api/organizations/contact.ts'),
      route('name', 'routes/api/organizations/name.ts'),
    ]),
    route('v2/organizations/:organizationId/invitations', 'routes/api/invitations/organization-invitations.ts'),
    route('v1/invitations/use-code', 'routes/api/invitations/use-code.ts'),
    route('v1/invitations/:invitationId', 'routes/api/invitations/invitation.ts'),
    route('*', 'routes/api/not-found.ts'),
  ]),
] satisfies RouteConfig
