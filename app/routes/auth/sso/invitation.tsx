import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { getUser } from '~/auth/guards.server'
import { safeRedirect } from '~/auth/schemas'
import { destinationAfterSso } from '~/auth/sso/complete.server'
import { ProviderButtons } from './provider-buttons'
import { providerLinks } from './providers.server'

/** The page's name in the tab title (docs/i18n.md). */
export const handle = { title: 'sso.invitation.title' }

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

/**
 * /sso-invitation?redirectTo=&invitation=: the landing page of a new SSO user who came with an
 * invitation (a code, or a link of ours). The provider buttons carry both through the round trip
 * (the post-SSO parameters); a signed-in user goes straight on.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'), '')
  const invitation = (url.searchParams.get('invitation') ?? url.searchParams.get('code') ?? '').trim().slice(0, 200)
  if (await getUser(context)) throw redirect(destinationAfterSso({ redirectTo, invitation }))
  return { redirectTo, invitation, providers: providerLinks() }
}

export default function SsoInvitation() {
  const { t } = useTranslation()
  const { redirectTo, invitation, providers } = useLoaderData<typeof loader>()
  const own = new URLSearchParams()
  if (redirectTo) own.set('redirectTo', redirectTo)
  if (invitation && !invitation.startsWith('/')) own.set('invitationCode', invitation)
  return (
    <section aria-labelledby="sso-invitation-title" className="flex flex-col gap-4">
      <h1 id="sso-invitation-title" className="text-xl font-bold">
        {t('sso.invitation.title')}
      </h1>
      <p className="text-slate-700">{t('sso.invitation.intro')}</p>
      <ProviderButtons providers={providers} redirectTo={redirectTo} invitation={invitation} />
      <Link to={`/signup${own.size ? `?${own}` : ''}`} className="text-sm font-medium text-brand-700 underline">
        {t('sso.invitation.own')}
      </Link>
    </section>
  )
}
