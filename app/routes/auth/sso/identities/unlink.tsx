import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { routeCall } from '~/http/route-call.server'
import { AppLink } from '~/ui/app-link'
import { requireUser } from '~/auth/guards.server'
import { reauthUrl } from '~/auth/reauth-url'
import { safeRedirect } from '~/auth/schemas'
import { hasRecentProof } from '~/services/accounts/recent-proof.server'
import { ctxFor } from '~/services/context.server'
import { listIdentities, PROVIDER_LABELS, unlinkIdentity } from '~/services/accounts/user-identities.server'
import { Button } from '~/ui/button'
import { builtPath } from '~/ui/layout/screens'
import { redirectWithToast } from '~/http/toast.server'
import { readForm } from '~/utils/form-body.server'

/** The page's name in the tab title (docs/i18n.md). */
export const handle = { title: 'sso.identities.unlink' }

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

/**
 * /sso/identities/:identityId/unlink: asks before unlinking a provider account (another user's is
 * not found). Unlinking needs a recent proof: without one, "Confirm it's you" comes first, and
 * returns here.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  const ctx = ctxFor(user, context)
  const identities = await routeCall(() => listIdentities(ctx), { failure: 'sso.identities.title' })
  const identity = identities.find((i) => i._id === params.identityId)
  if (!identity) throw new Response('Not Found', { status: 404 })
  const url = new URL(request.url)
  if (!(await hasRecentProof(ctx))) throw redirect(reauthUrl(`${url.pathname}${url.search}`))
  return {
    label: PROVIDER_LABELS[identity.provider] ?? identity.provider,
    redirectTo: safeRedirect(url.searchParams.get('redirectTo'), '/'),
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context)
  const form = await readForm(request)
  const back = builtPath(safeRedirect(form.get('redirectTo'), '/')) ?? '/'
  const here = `${new URL(request.url).pathname}?redirectTo=${encodeURIComponent(back)}`
  await routeCall(() => unlinkIdentity(ctxFor(user, context), params.identityId!), {
    notFound: ['NOT_FOUND'],
    stepUp: { back: here },
    toast: { to: back },
  })
  return redirectWithToast(back, { key: 'sso.identities.unlinked' })
}

export default function UnlinkIdentity() {
  const { t } = useTranslation()
  const { label, redirectTo } = useLoaderData<typeof loader>()
  return (
    <Form method="post" className="mx-auto flex max-w-lg flex-col gap-4 p-4" aria-labelledby="unlink-title">
      <h1 id="unlink-title" className="text-xl font-bold">
        {t('sso.identities.unlinkConfirm', { provider: label })}
      </h1>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="danger">
          {t('sso.identities.unlink')}
        </Button>
        <AppLink to={builtPath(redirectTo) ?? '/'} className="font-medium text-brand-700 underline">
          {t('sso.confirm.cancel')}
        </AppLink>
      </div>
    </Form>
  )
}
