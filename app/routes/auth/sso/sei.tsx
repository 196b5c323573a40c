import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireAnonymous } from '~/auth/guards.server'
import { safeRedirect } from '~/auth/schemas'
import { messageKey } from '~/errors'
import { Alert } from '~/ui/alert'
import { ProviderButtons } from './provider-buttons'
import { providerLinks } from './providers.server'

/** The page's name in the tab title (docs/i18n.md). */
export const handle = { title: 'sso.sei.title' }

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

/**
 * /signin/sei and /signin/linkoping: sign-in with the municipality's e-identity (spec section 2).
 * Users whose last provider was the e-ID come here from /signin; "another way" goes back there.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'), '')
  await requireAnonymous(context, redirectTo || '/')
  return { redirectTo, providers: providerLinks((id) => id === 'seiLinkopingKommun'), ssoError: url.searchParams.get('ssoError') }
}

export default function SignInSei() {
  const { t } = useTranslation()
  const { redirectTo, providers, ssoError } = useLoaderData<typeof loader>()
  const other = new URLSearchParams({ other: '1' })
  if (redirectTo) other.set('redirectTo', redirectTo)
  return (
    <section aria-labelledby="sei-title" className="flex flex-col gap-4">
      <h1 id="sei-title" className="text-xl font-bold">
        {t('sso.sei.title')}
      </h1>
      {ssoError ? (
        <Alert tone="error">
          <p>{t(messageKey(ssoError))}</p>
        </Alert>
      ) : null}
      {providers.length ? (
        <>
          <p className="text-slate-700">{t('sso.sei.intro')}</p>
          <ProviderButtons providers={providers} redirectTo={redirectTo} />
        </>
      ) : (
        <Alert tone="info">
          <p>{t('sso.sei.unavailable')}</p>
        </Alert>
      )}
      <Link to={`/signin?${other}`} className="text-sm font-medium text-brand-700 underline">
        {t('sso.sei.otherWay')}
      </Link>
    </section>
  )
}
