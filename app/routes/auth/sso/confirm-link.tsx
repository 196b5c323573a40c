import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { destinationAfterSso, startSsoSession } from '~/auth/sso/complete.server'
import { DomainError } from '~/errors'
import { ctxFor } from '~/services/context.server'
import { noticeSignIn } from '~/services/accounts/security-notices.server'
import { redeemSsoLink } from '~/services/accounts/provider-links.server'
import { redirectToSecondStep } from '~/auth/second-step-cookie.server'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { redirectWithToast } from '~/http/toast.server'
import { readForm } from '~/utils/form-body.server'

/** The page's name in the tab title (docs/i18n.md). */
export const handle = { title: 'sso.link.title' }

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

/**
 * /signup/confirm/link?token=: the emailed link that proves an address for single sign-on.
 * Opening it changes nothing (mail scanners open links); its button links the provider account,
 * verifies the address and signs in, with the provider's tokens of that round trip. The mailbox is
 * one proof: an account with two-step verification on goes to /signin/two-step first, and
 * nothing is linked until its code is given.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  const ctx = ctxFor(null, context)
  try {
    const { user, link, secondStep } = await redeemSsoLink(ctx, String(form.get('token') ?? ''))
    if (secondStep) return redirectToSecondStep(secondStep)
    // The provider's tokens of the round trip that sent the link go with the session (sign-out revokes them).
    const cookies = await startSsoSession(ctx, request, user, link.identity.provider, link.tokens)
    await noticeSignIn(ctx, user.id, request.headers.get('User-Agent'))
    return redirectWithToast(destinationAfterSso(link.post), { key: 'sso.linked' }, cookies)
  } catch (error) {
    if (error instanceof DomainError) return data({ error: error.code }, { status: error.status })
    throw error
  }
}

export default function ConfirmLink() {
  const { t } = useTranslation()
  const { token } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <Form method="post" className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('sso.link.title')}</h1>
      {actionData?.error ? (
        <Alert tone="error">
          <p>{t(`errors.${actionData.error}`)}</p>
        </Alert>
      ) : null}
      <p className="text-slate-700">{t('sso.link.intro')}</p>
      <input type="hidden" name="token" value={token} />
      <Button type="submit">{t('sso.link.submit')}</Button>
    </Form>
  )
}
