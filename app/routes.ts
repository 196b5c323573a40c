import { index, layout, prefix, route, type RouteConfig } from '@remix-run/route-config'

/** Every URL of the product: screens, redirects, layouts and the JSON API (spec sections 2 and 7). */
export default [
  // Auth area: one wrapper screen, no header.
  layout('routes/auth/layout.tsx', [
    route('signin', 'routes/auth/signin.tsx'),
    route('signin/two-step', 'routes/auth/two-step.tsx'),
    route('signup', 'routes/auth/signup.tsx'),
    route('forgot-password', 'routes/auth/forgot-password.tsx'),
    route('verify/resend', 'routes/auth/forgot-password.tsx', { id: 'routes/auth/verify-resend' }),
    route('new-password', 'routes/auth/new-password.tsx'),
    route('verify', 'routes/auth/verify.tsx'),
    route('signout', 'routes/auth/signout.tsx'),
    route('invitation-code', 'routes/auth/invitation-code/route.tsx'),
    route('verify-email-change', 'routes/users/verify-email-change.tsx'),
    // Single sign-on (docs/sso.md).
    route('signin/sei', 'routes/auth/sso/sei.tsx'),
    route('signin/linkoping', 'routes/auth/sso/sei.tsx', { id: 'routes/auth/sso/linkoping' }),
    route('signup/confirm', 'routes/auth/signup-confirm/route.tsx'),
    route('signup/confirm/link', 'routes/auth/sso/confirm-link.tsx'),
    route('sso-invitation', 'routes/auth/sso/invitation.tsx'),
  ]),
  // Passkeys (docs/auth.md): the options of the browser's ceremonies, as JSON.
  route('signin/passkey/options', 'routes/auth/passkey-options.ts'),
  route('users/:id/preferences/security/passkeys/options', 'routes/users/preferences/security/passkey-options.ts'),
  route('signin/sso/:provider', 'routes/auth/sso/start.ts'),
  route('signin/sso/:provider/callback', 'routes/auth/sso/callback.ts'),
  route('internal/seiLinkopingKommun/get-client-id', 'routes/internal/sei-client-id.ts'),
  route('internal/:provider/add-secret', 'routes/internal/add-secret.ts'),
  route('forgot_password', 'routes/redirects/forgot-password.ts'),
  route('locale', 'routes/locale.ts'),
  route('session/keepalive', 'routes/session-keepalive.ts'),
  route('healthz', 'routes/healthz.ts'),
  route('users/:id/picture', 'routes/users/picture.ts'),
  route('users/:id/my-data.json', 'routes/users/my-data-json.ts'),
  route('people/search', 'routes/people-search.ts'),
  route('hello-world', 'routes/dev/hello-world.tsx'),
  route('library/signin', 'routes/library/redirects/signin.ts'),
  route('library/users/:id', 'routes/library/redirects/user-invitations.ts', { id: 'library/users' }),
  route('library/users/:id/invitations', 'routes/library/redirects/user-invitations.ts', { id: 'library/users-invitations' }),

  // Screens with the header, side menu and breadcrumbs.
  layout('routes/app-layout.tsx', [
    index('routes/feed/route.tsx'),
    route('support', 'routes/support.tsx'),
    // Every pending invitation addressed to the user (docs/invitations.md); #groups, #packages, #organizations.
    route('invitations', 'routes/invitations/route.tsx'),
    route('organizations', 'routes/organizations/section.tsx', [
      index('routes/organizations/list.tsx'),
      route(':organizationId', 'routes/organizations/layout.tsx', [
        index('routes/organizations/home/route.tsx'),
        route('members', 'routes/organizations/members.tsx'),
        route('members.csv', 'routes/organizations/members-csv.ts'),
        route('audit', 'routes/organizations/audit/route.tsx'),
        route('audit.csv', 'routes/organizations/audit/audit-csv.ts'),
        route('members/import', 'routes/organizations/members-import/route.tsx'),
        route('groups', 'routes/organizations/groups/route.tsx'),
        route('group-creators', 'routes/organizations/group-creators/route.tsx'),
      ]),
    ]),
    // Profile and preferences (docs/profile.md); beta-users shows the same screens outside production.
    route('users/:id', 'routes/users/layout.tsx', [
      index('routes/users/profile/route.tsx'),
      route('preferences', 'routes/users/preferences/layout.tsx', [
        index('routes/users/preferences/index.ts'),
        route('account', 'routes/users/preferences/account/route.tsx'),
        route('security', 'routes/users/preferences/security/route.tsx'),
        route('notifications', 'routes/users/preferences/notifications/route.tsx'),
        route('data', 'routes/users/preferences/data/route.tsx'),
      ]),
    ]),
    route('beta-users/:uid', 'routes/users/layout.tsx', { id: 'beta-users' }, [
      index('routes/users/profile/route.tsx', { id: 'beta-users/index' }),
      route('home', 'routes/users/profile/route.tsx', { id: 'beta-users/home' }),
      route('preferences', 'routes/users/preferences/account/route.tsx', { id: 'beta-users/preferences' }),
    ]),
    // A member's own groups (docs/groups.md).
    route('groups', 'routes/groups/section.tsx', [
      index('routes/groups/list/route.tsx'),
      // One group, under its tabs (docs/group-work.md).
      route(':groupId', 'routes/groups/group/layout.tsx', [
        index('routes/groups/group/index.tsx'),
        route('home', 'routes/groups/home/route.tsx'),
        // Tasks and tags.

        // Loops and their photos.
        route('loops', 'routes/groups/loops/list.tsx'),
        route('loops/new', 'routes/groups/loops/new.tsx'),
        route('loops/:loopId', 'routes/groups/loops/detail.tsx'),
        route('loops/:loopId/edit', 'routes/groups/loops/edit.tsx'),
        route('loops/:loopId/photos/:photoId', 'routes/groups/loops/photo.ts'),

        // Feedback and whom subscribers follow.
      ]),
    ]),
    // A member's own loops across their groups (docs/group-work.md "My loops").
    route('loops', 'routes/groups/loops/my-loops.tsx'),
    route('create', 'routes/create/section.tsx', [
      route('group', 'routes/create/route.tsx'),
      route('attendance-group', 'routes/create/attendance-group.tsx'),
    ]),
    // Platform administration (docs/platform.md).
    route('platform', 'routes/platform/layout.tsx', [
      index('routes/platform/index.ts'),
      route('mail', 'routes/platform/mail.tsx'),
      route('telemetry', 'routes/platform/telemetry.tsx'),
      route('organizations', 'routes/platform/organizations/route.tsx'),
      route('organizations/:organizationId', 'routes/platform/organizations/detail.tsx'),
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
    route('dev/mailbox', 'routes/dev/mailbox.tsx'),
    route('dev/signed-in', 'routes/dev/signed-in.tsx'),
    route('sso/identities/:identityId/unlink', 'routes/auth/sso/identities/unlink.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),

  // SCIM 2.0 service provider for organizations' directories (docs/directory-sync.md): bearer tokens, no session.
  ...prefix('scim/v2', [
    route('ServiceProviderConfig', 'routes/scim/discovery.ts', { id: 'scim/service-provider-config' }),
    route('ResourceTypes/:id?', 'routes/scim/discovery.ts', { id: 'scim/resource-types' }),
    route('Schemas/:id?', 'routes/scim/discovery.ts', { id: 'scim/schemas' }),
    route('Users', 'routes/scim/users.ts'),
    route('Users/:id', 'routes/scim/user.ts'),
    route('Groups', 'routes/scim/groups.ts'),
    route('Groups/:id', 'routes/scim/group.ts'),
    route('*', 'routes/scim/not-found.ts'),
  ]),

  // JSON API over the same services.
  ...prefix('api', [
    route('v2/signin', 'routes/api/signin.ts'),
    route('v2/signin/second-factor', 'routes/api/signin-second-factor.ts'),
    route('v2/users', 'routes/api/users.ts'),
    route('signout', 'routes/api/signout.ts'),
    route('password-reset/forgot-password', 'routes/api/password-reset.forgot-password.ts'),
    route('password-reset/verify-token', 'routes/api/password-reset.verify-token.ts'),
    route('password-reset/new-password', 'routes/api/password-reset.new-password.ts'),
    route('verify-email', 'routes/api/verify-email.ts'),
    route('verify-email/resend', 'routes/api/verify-email.resend.ts'),
    route('users/me', 'routes/api/users.me.ts'),
    route('users/:userId/name', 'routes/api/users/name.ts'),
    route('users/:userId/email', 'routes/api/users/email.ts'),
    route('v2/users/:userId/preferences', 'routes/api/users/preferences.ts'),
    route('v1/users/:userId/preferences/notifications', 'routes/api/users/notifications.ts'),
    route('v3/organizations', 'routes/api/organizations/list.ts'),
    route('v3/groups', 'routes/api/groups/mine.ts'),
    route('v3/groups/:groupId/leave', 'routes/api/groups/leave.ts'),
    route('v3/groups/:groupId/loops', 'routes/api/loops/loops.ts'),
    route('v3/groups/:groupId/loops/:loopId', 'routes/api/loops/loop.ts'),
    route('v3/groups/:groupId/loops/:loopId/photos', 'routes/api/loops/photos.ts'),
    route('v3/loops/mine', 'routes/api/loops/mine.ts'),
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
      route('scim-tokens', 'routes/api/organizations/scim-tokens.ts'),
      route('scim-tokens/:tokenId', 'routes/api/organizations/scim-token.ts'),
    ]),
    route('v2/organizations/:organizationId/invitations', 'routes/api/invitations/organization-invitations.ts'),
    route('v1/invitations/use-code', 'routes/api/invitations/use-code.ts'),
    route('v1/invitations/mine', 'routes/api/invitations/mine.ts'),
    route('v1/invitations/mine/:kind/:id/:answer', 'routes/api/invitations/mine-answer.ts'),
    route('v1/invitations/:invitationId', 'routes/api/invitations/invitation.ts'),
    route('v1/feeds/notifications/counts', 'routes/api/feeds/notification-counts.ts'),
    route('v1/studies/invitations/count', 'routes/api/studies/invitations-count.ts'),
    route('app-report/check-version', 'routes/api/app-report/check-version.ts'),
    route('telemetry', 'routes/api/telemetry.ts'),
    route('openapi.json', 'routes/api/openapi/openapi-json.ts'),
    route('docs', 'routes/api/openapi/docs.tsx'),
    route('*', 'routes/api/not-found.ts'),
  ]),
] satisfies RouteConfig
