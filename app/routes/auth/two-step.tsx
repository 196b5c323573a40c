import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { requireAnonymous } from '~/auth/guards.server'
import { clearSecondStep, readSecondStep } from '~/auth/second-step-cookie.server'
import { createSession, destroySession } from '~/auth/session.server'
import { OWN_CREDENTIALS } from '~/auth/sso/config.server'
import { rememberProvider } from '~/auth/sso/cookies.server'
import { startSsoSession } from '~/auth/sso/complete.server'
import { DomainError } from '~/errors'
import { localeCookie } from '~/i18n/i18n.server'
import { ctxFor } from '~/services/context.server'
import { noticeSignIn } from '~/services/accounts/security-notices.server'
import { linkAfterSecondStep, providerOfLink } from '~/services/accounts/provider-links.server'
import { checkSecondStep, completeSecondStep } from '~/services/two-step/second-step.server'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { serverForm } from '~/ui/server-form'
import { redirectWithToast } from '~/http/toast.server'
import { readForm } from '~/utils/form-body.server'
import { formCall } from './auth-action.server'
import { AuthError } from './auth-error'

/** The page's name in the tab title (docs/i18n.md). */
export const handle = { title: 'signin.twoStep.title' }

/**
 * /signin/two-step: the second step of a sign-in for an account with two-step verification on
 * (docs/auth.md). The first step (the password form, or a provider account being linked to the
 * account: /signup/confirm, the emailed link, a directory's account) left a 5-minute token (named
 * by a cookie); a code of the authenticator app or a recovery code spends it, makes the link the
 * token carries, and starts the session. Without the token (expired, used, none) the visitor
 * starts again at /signin.
 */
const SecondStepSchema = z.object({ code: z.string().trim().min(1).max(32) })

const startAgain = async () => redirect('/signin?notice=twoStepExpired', { headers: { 'Set-Cookie': await clearSecondStep() } })

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = await readSecondStep(request)
  if (!token) {
    await requireAnonymous(context)
    throw redirect('/signin')
  }
  let linking: string | null
  try {
    linking = await providerOfLink((await checkSecondStep(ctxFor(null, context), token)).data?.link)
  } catch (error) {
    if (error instanceof DomainError) throw await startAgain()
    throw error
  }
  // A provider account being linked (an emailed link opened where someone is signed in): the
  // code goes on, and the session it starts replaces this one, as it would without a second step.
  if (!linking) await requireAnonymous(context)
  return { linking }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  const token = await readSecondStep(request)
  if (!token) throw redirect('/signin')
  const submission = parseWithZod(form, { schema: SecondStepSchema })
  if (submission.status !== 'success') return data({ result: submission.reply({ resetForm: true }), error: null }, { status: 400 })
  const ctx = ctxFor(null, context)
  const outcome = await formCall(submission.reply({ resetForm: true }), () =>
    completeSecondStep(ctx, token, submission.value.code).catch(async (error: unknown) => {
      // The 5 minutes are over (or the token was used): start again from the password.
      if (error instanceof DomainError && error.code.startsWith('TOKEN_')) throw await startAgain()
      throw error
    }),
  )
  if (!outcome.ok) return outcome.response
  const { user, redirectTo } = outcome.value
  // A provider account waiting for this step is linked now, and the session is that provider's.
  const linked = await formCall(submission.reply({ resetForm: true }), () => linkAfterSecondStep(ctx, user.id, outcome.value.link))
  if (!linked.ok) return linked.response
  if (linked.value) {
    const cookies = await startSsoSession(ctx, request, user, linked.value.identity.provider, linked.value.tokens)
    await noticeSignIn(ctx, user.id, request.headers.get('User-Agent'))
    return redirectWithToast(redirectTo, { key: 'sso.linked' }, [...cookies, await clearSecondStep()])
  }
  await destroySession(ctx.db, request)
  const cookies = [
    await createSession(ctx.db, user.id, 'two-step', { now: ctx.now, userAgent: request.headers.get('User-Agent') }),
    await localeCookie.serialize(user.locale),
    await rememberProvider(OWN_CREDENTIALS),
    await clearSecondStep(),
  ]
  await noticeSignIn(ctx, user.id, request.headers.get('User-Agent'))
  return redirectWithToast(redirectTo, { key: 'signin.welcome', values: { name: user.name } }, cookies)
}

export default function TwoStepSignIn() {
  const { t } = useTranslation()
  const { linking } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const form = serverForm(actionData?.result)
  return (
    <>
      <h1 className="mb-2 text-xl font-bold">{t('signin.twoStep.title')}</h1>
      <p className="mb-4 text-slate-700">{t('signin.twoStep.intro')}</p>
      {linking ? <p className="mb-4 text-slate-700">{t('signin.twoStep.linking', { provider: linking })}</p> : null}
      <Form method="post" className="flex flex-col gap-4">
        <AuthError error={actionData?.error} />
        <Field
          label={t('signin.twoStep.code')}
          hint={t('signin.twoStep.codeHint')}
          errors={form.errors('code')}
          inputProps={{
            id: 'code',
            name: 'code',
            type: 'text',
            autoComplete: 'one-time-code',
            autoFocus: true,
            required: true,
            maxLength: 32,
            spellCheck: false,
            autoCapitalize: 'none',
          }}
        />
        <div className="flex items-center justify-between gap-4">
          <Link to="/signin" className="text-sm text-brand-700 underline">
            {t('signin.twoStep.back')}
          </Link>
          <Button type="submit" pending={navigation.state === 'submitting'}>
            {t('signin.twoStep.submit')}
          </Button>
        </div>
      </Form>
    </>
  )
}
