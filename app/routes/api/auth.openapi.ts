import { z } from 'zod'
import { EmailOnlySchema, NewPasswordPayload, SignInPayload, SignUpPayload, TokenPayload } from '~/auth/schemas'
import { SsoSignInPayload } from '~/services/accounts/sso-api-signin.server'
import { EmptyAnswer, operation } from './openapi/operation'
import { SecondFactorPayload } from './signin-second-factor.schemas'

/** Sign-in, sign-up, password reset, email verification and the current user (docs/auth.md). */

const TAG = 'Account'

/** The Current user of spec section 3 (services/accounts/users.server.ts toCurrentUser). */
const currentUserShape = {
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  profile_pic: z.string().nullable(),
  preferences: z
    .object({
      locale: z.string(),
      timezone: z.string(),
      autoSignout: z.object({ isActive: z.boolean(), timeoutSeconds: z.number().int() }).strict(),
      notifications: z.object({ unsubscribedTemplates: z.array(z.string()) }).strict(),
    })
    .strict(),
}
export const CurrentUserAnswer = z.object(currentUserShape).strict().openapi('CurrentUser')

/** A single sign-on may lead somewhere after it (an invitation it applied). */
export const SignInAnswer = z
  .object({ ...currentUserShape, redirectTo: z.string().optional() })
  .strict()
  .openapi('SignedIn')

export const SignOutAnswer = z
  .object({ endSessionUrl: z.string().optional().openapi({ description: "The provider's sign-out page, after a single sign-on." }) })
  .strict()
export const TokenValidAnswer = z.object({ valid: z.literal(true) }).strict()
export const VerifiedEmailAnswer = z
  .object({
    message: z.literal('VERIFY_SIGNIN_REQUIRED'),
    email: z.string(),
    signinAt: z.string().optional().openapi({ description: 'The sign-in URL to go on with (after a sign-up with an invitation code).' }),
  })
  .strict()

const TOKEN_ERRORS = ['TOKEN_INVALID', 'TOKEN_EXPIRED', 'TOKEN_USED'] as const

export const authOperations = [
  operation({
    method: 'post',
    path: '/api/v2/signin',
    tag: TAG,
    summary: 'Sign in',
    description:
      'With email and password, or with `Authorization: Bearer <ID token>` of a single sign-on provider (then the body holds the SSO fields). ' +
      'Sets the session cookie. With two-step verification on, 401 SECOND_FACTOR_REQUIRED carries a `token` for /api/v2/signin/second-factor.',
    access: 'public',
    bearer: true,
    body: z.union([SignInPayload, SsoSignInPayload]),
    ok: { status: 200, schema: SignInAnswer, description: 'Signed in: the current user (Set-Cookie).' },
    errors: [
      'UNAUTHORIZED',
      'SECOND_FACTOR_REQUIRED',
      'SSO_TOKEN_INVALID',
      'USER_NOT_VERIFIED',
      'VERIFICATION_REQUIRED',
      'NO_USER',
      'USER_CREATION_FAILED',
      'EMAIL_TAKEN',
      'TOO_MANY_ATTEMPTS',
      'SSO_PROVIDER_DOWN',
    ],
  }),
  operation({
    method: 'post',
    path: '/api/v2/signin/second-factor',
    tag: TAG,
    summary: 'Sign in: the second step',
    description:
      'The token of SECOND_FACTOR_REQUIRED and a code of the authenticator app (or a recovery code). ' +
      'A token from a single sign-on (an account its organization provisioned) links the provider account first: ' +
      'SSO_IDENTITY_TAKEN or SSO_ALREADY_LINKED when that can no longer be done.',
    access: 'public',
    body: SecondFactorPayload,
    ok: { status: 200, schema: CurrentUserAnswer, description: 'Signed in: the current user (Set-Cookie).' },
    errors: ['CODE_INVALID', 'TOO_MANY_ATTEMPTS', ...TOKEN_ERRORS, 'SSO_IDENTITY_TAKEN', 'SSO_ALREADY_LINKED'],
  }),
  operation({
    method: 'post',
    path: '/api/v2/users',
    tag: TAG,
    summary: 'Sign up',
    description: 'Creates the account; a verification email follows (the same answer when the address is taken: an email tells its owner).',
    access: 'public',
    body: SignUpPayload,
    ok: { status: 201, schema: EmptyAnswer, description: 'Created; check your email.' },
    errors: ['TOO_MANY_ATTEMPTS'],
  }),
  operation({
    method: 'post',
    path: '/api/signout',
    tag: TAG,
    summary: 'Sign out',
    description: 'Revokes the session and clears its cookie; without a session 401 (which counts as signed out).',
    access: 'optional-session',
    ok: { status: 200, schema: SignOutAnswer, description: 'Signed out.' },
    errors: ['SESSION_NOT_FOUND'],
  }),
  operation({
    method: 'post',
    path: '/api/password-reset/forgot-password',
    tag: TAG,
    summary: 'Ask for a password reset link',
    description: 'The same answer whether or not the account exists.',
    access: 'public',
    body: EmailOnlySchema,
    ok: { status: 200, schema: EmptyAnswer, description: 'An email is on its way if the account exists.' },
    errors: ['TOO_MANY_ATTEMPTS'],
  }),
  operation({
    method: 'post',
    path: '/api/password-reset/verify-token',
    tag: TAG,
    summary: 'Check a password reset token',
    description: 'Does not use it.',
    access: 'public',
    body: TokenPayload,
    ok: { status: 200, schema: TokenValidAnswer, description: 'The token is good.' },
    errors: [...TOKEN_ERRORS],
  }),
  operation({
    method: 'post',
    path: '/api/password-reset/new-password',
    tag: TAG,
    summary: 'Set a new password',
    description: 'Uses the reset token and revokes every session of the account.',
    access: 'public',
    body: NewPasswordPayload,
    ok: { status: 200, schema: EmptyAnswer, description: 'The password is set.' },
    errors: [...TOKEN_ERRORS],
  }),
  operation({
    method: 'post',
    path: '/api/verify-email',
    tag: TAG,
    summary: 'Verify an email address',
    description: 'Uses the token of the verification email; the user then signs in.',
    access: 'public',
    body: TokenPayload,
    ok: { status: 200, schema: VerifiedEmailAnswer, description: 'Verified: sign in next.' },
    errors: [...TOKEN_ERRORS],
  }),
  operation({
    method: 'post',
    path: '/api/verify-email/resend',
    tag: TAG,
    summary: 'Send the verification email again',
    description: 'The same answer whether or not the account exists.',
    access: 'public',
    body: EmailOnlySchema,
    ok: { status: 200, schema: EmptyAnswer, description: 'An email is on its way if the account needs one.' },
    errors: ['TOO_MANY_ATTEMPTS'],
  }),
  operation({
    method: 'get',
    path: '/api/users/me',
    tag: TAG,
    summary: 'The current user',
    access: 'session',
    ok: { status: 200, schema: CurrentUserAnswer, description: 'The signed-in user.' },
  }),
]
