import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { currentSessionHashOf, getUser } from '~/auth/guards.server'
import { DomainError, messageKey } from '~/errors'
import { ctxFor } from '~/services/context.server'
import { checkEmailChangeToken, confirmEmailChange } from '~/services/profile/email-change.server'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { redirectWithToast } from '~/http/toast.server'
import { readForm } from '~/utils/form-body.server'

/**
 * /verify-email-change?token=…: the link sent to a new address. Opening it changes nothing (mail
 * scanners prefetch links); the button posts the token, and the address changes then. Signed in,
 * the user goes back to their account preferences; signed out, to sign in with the new address.
 */
export const handle = { title: 'profile.emailChange.title', i18nArea: 'profile' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  try {
    const { email } = await checkEmailChangeToken(ctxFor(null, context), token)
    return data({ token, email, error: null as string | null })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return data({ token, email: null, error: messageKey(error.code) }, { status: error.status })
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const token = String((await readForm(request)).get('token') ?? '')
  let email: string
  try {
    ;({ email } = await confirmEmailChange(ctxFor(null, context), token, await currentSessionHashOf(context)))
  } catch (error) {
    if (!(error instanceof DomainError) || error.status >= 500) throw error
    return data({ error: messageKey(error.code) }, { status: error.status })
  }
  const user = await getUser(context)
  const toast = { key: 'profile.emailChange.done', values: { email } }
  if (user) return redirectWithToast(`/users/${encodeURIComponent(user.id)}/preferences/account`, toast)
  return redirectWithToast(`/signin?email=${encodeURIComponent(email)}`, toast)
}

export default function VerifyEmailChange() {
  const { t } = useTranslation()
  const { token, email, error: tokenError } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const error = actionData?.error ?? tokenError
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('profile.emailChange.title')}</h1>
      {error ? (
        <>
          <Alert tone="error">{t(error)}</Alert>
          <Link to="/" className="font-medium text-brand-700 underline">
            {t('profile.emailChange.home')}
          </Link>
        </>
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="token" value={token} />
          <p className="text-slate-700">{t('profile.emailChange.intro', { email })}</p>
          <Button type="submit" pending={navigation.state !== 'idle'}>
            {t('profile.emailChange.submit')}
          </Button>
        </Form>
      )}
    </div>
  )
}
