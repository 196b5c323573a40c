import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { DomainError } from '~/errors'
import { ctxFor } from '~/services/context.server'
import { checkEmailVerificationToken, verifyEmail } from '~/services/accounts/users.server'
import { Button } from '~/ui/button'
import { readForm } from '~/utils/form-body.server'
import { AuthError } from './auth-error'
import { formCall } from './auth-action.server'

/** The page's name in the tab title (docs/i18n.md). */
export const handle = { title: 'verify.title' }

// Opening the link changes nothing (mail scanners prefetch links): the page posts the token,
// by itself with JavaScript, with one button without.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  try {
    await checkEmailVerificationToken(ctxFor(null, context), token)
    return data({ token, tokenError: null })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return data({ token, tokenError: { code: error.code } }, { status: error.status })
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const token = String((await readForm(request)).get('token') ?? '')
  const outcome = await formCall({}, () => verifyEmail(ctxFor(null, context), token))
  if (!outcome.ok) return outcome.response
  // VERIFY_SIGNIN_REQUIRED: the user signs in with the address prefilled, and then goes where the
  // sign-up was headed (after a sign-up with an invitation code: /invitation-code, which asks
  // before joining).
  const { email, redirectTo } = outcome.value
  const next = redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ''
  return redirect(`/signin?email=${encodeURIComponent(email)}&notice=verified${next}`)
}

export default function Verify() {
  const { t } = useTranslation()
  const { token, tokenError } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const submit = useSubmit()
  const formRef = useRef<HTMLFormElement>(null)
  const error = actionData?.error ?? tokenError
  useEffect(() => {
    if (!tokenError && formRef.current) submit(formRef.current, { replace: true })
  }, [tokenError, submit])
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('verify.title')}</h1>
      {error ? (
        <>
          <AuthError error={error} />
          <Link to="/verify/resend" className="font-medium text-brand-700 underline">
            {t('verify.requestNew')}
          </Link>
        </>
      ) : (
        <Form method="post" ref={formRef} className="flex flex-col gap-4">
          <input type="hidden" name="token" value={token} />
          <p className="text-slate-700">{t('verify.intro')}</p>
          <Button type="submit" pending={navigation.state !== 'idle'}>
            {t('verify.submit')}
          </Button>
        </Form>
      )}
    </div>
  )
}
