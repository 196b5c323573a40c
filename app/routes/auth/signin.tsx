import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AUTH_CONSTRAINTS } from '~/auth/constraints.server'
import { requireAnonymous } from '~/auth/guards.server'
import { safeRedirect, SignInSchema } from '~/auth/schemas'
import { createSession, destroySession } from '~/auth/session.server'
import { localeCookie } from '~/i18n/i18n.server'
import { ctxFor } from '~/services/context.server'
import { noticeSignIn } from '~/services/accounts/security-notices.server'
import { signIn } from '~/services/accounts/users.server'
import { secondStepFor } from '~/services/two-step/second-step.server'
import { writeSecondStep } from '~/auth/second-step-cookie.server'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { constraintProps, serverForm } from '~/ui/server-form'
import { redirectWithToast } from '~/http/toast.server'
import { readForm } from '~/utils/form-body.server'
import { AuthError } from './auth-error'
import { formCall } from './auth-action.server'
import { PasskeySignIn } from './passkey-signin'
import { passkeySignIn } from './passkey-signin.server'
import { eidGuard, ssoSignInData } from './sso/signin-sso.server'
import { OWN_CREDENTIALS } from '~/auth/sso/config.server'
import { rememberProvider } from '~/auth/sso/cookies.server'
import { SsoSignIn } from './sso/sso-signin'
import { invitationTeaser } from '~/services/invitations/invitation-teaser.server'
import { InvitationTeaser } from './invitation-teaser'

/** The page's name in the tab title (docs/i18n.md). */
export const handle = { title: 'signin.title' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  await requireAnonymous(context, safeRedirect(url.searchParams.get('redirectTo')))
  await eidGuard(request)
  return {
    // What the invitation link that led here is to, and from whom (issue 35).
    teaser: await invitationTeaser(ctxFor(null, context), safeRedirect(url.searchParams.get('redirectTo'), '')),
    email: url.searchParams.get('email') ?? '',
    notice: url.searchParams.get('notice'),
    constraint: AUTH_CONSTRAINTS.signIn,
    sso: ssoSignInData(url),
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  if (form.get('intent') === 'passkey') return passkeySignIn(request, context, form)
  const submission = parseWithZod(form, { schema: SignInSchema })
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password'] }), error: null }, { status: 400 })
  const ctx = ctxFor(null, context)
  const outcome = await formCall(submission.reply({ hideFields: ['password'] }), () => signIn(ctx, submission.value))
  if (!outcome.ok) return outcome.response
  const user = outcome.value
  // Two-step verification on: no session yet, the code is asked for on /signin/two-step.
  const secondStep = await secondStepFor(ctx, user.id, submission.value.redirectTo)
  if (secondStep) throw redirect('/signin/two-step', { headers: { 'Set-Cookie': await writeSecondStep(secondStep) } })
  // A session the browser still had ends here: a sign-in always starts a fresh one.
  await destroySession(ctx.db, request)
  const cookies = [
    await createSession(ctx.db, user.id, 'password', { now: ctx.now, userAgent: request.headers.get('User-Agent') }),
    await localeCookie.serialize(user.locale),
    await rememberProvider(OWN_CREDENTIALS),
  ]
  await noticeSignIn(ctx, user.id, request.headers.get('User-Agent'))
  return redirectWithToast(safeRedirect(submission.value.redirectTo), { key: 'signin.welcome', values: { name: user.name } }, cookies)
}

export default function SignIn() {
  const { t } = useTranslation()
  const { email, notice, constraint, sso, teaser } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  const form = serverForm(actionData?.result)
  const prefilled = form.value('email', email)
  return (
    <>
      <h1 className="mb-4 text-xl font-bold">{t('signin.title')}</h1>
      <InvitationTeaser teaser={teaser} page="signin" />
      {notice ? (
        <div className="mb-4">
          <Alert tone="success">{t(`signin.notice.${notice}`, { defaultValue: '' })}</Alert>
        </div>
      ) : null}
      <SsoSignIn {...sso} redirectTo={searchParams.get('redirectTo') ?? ''}>
        {/* Below the providers, above their "or"; on its own with its own "or" where no provider is configured. */}
        <PasskeySignIn redirectTo={searchParams.get('redirectTo') ?? ''} divider={sso.providers.length === 0} />
      </SsoSignIn>
      <Form method="post" className="flex flex-col gap-4">
        <AuthError error={actionData?.error} />
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
        <Field
          label={t('fields.email')}
          errors={form.errors('email')}
          inputProps={{
            id: 'email',
            name: 'email',
            type: 'email',
            defaultValue: prefilled,
            autoComplete: 'username webauthn',
            autoFocus: !prefilled,
            ...constraintProps(constraint.email),
          }}
        />
        <Field
          label={t('fields.password')}
          errors={form.errors('password')}
          inputProps={{
            id: 'password',
            name: 'password',
            type: 'password',
            autoComplete: 'current-password',
            autoFocus: !!prefilled,
            ...constraintProps(constraint.password),
          }}
        />
        <div className="flex items-center justify-between gap-4">
          <Link to="/forgot-password" className="text-sm text-brand-700 underline">
            {t('signin.forgot')}
          </Link>
          <Button type="submit" pending={navigation.state === 'submitting'}>
            {t('signin.submit')}
          </Button>
        </div>
      </Form>
    </>
  )
}
