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
  ]),
  route('forgot_password', 'routes/redirects/forgot-password.ts'),
  route('locale', 'routes/locale.ts'),
  route('session/keepalive', 'routes/session-keepalive.ts'),
  route('healthz', 'routes/healthz.ts'),

  // Screens with the header, side menu and breadcrumbs.
  layout('routes/app-layout.tsx', [
    index('routes/home.tsx'),
    route('support', 'routes/support.tsx'),
    route('dev/mailbox', 'routes/dev/mailbox.tsx'),
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
    route('*', 'routes/api/not-found.ts'),
  ]),
] satisfies RouteConfig
