import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AppLink } from '~/ui/app-link'
import { requireUser } from '~/auth/guards.server'
import { DomainError } from '~/errors'
import { ctxFor } from '~/services/context.server'
import { acceptShareLink } from '~/services/library/share-links.server'
import { Button, buttonClass } from '~/ui/button'
import { orRouteFailure } from '~/ui/route-failure.server'
import { redirectWithToast } from '~/ui/toast.server'
import { readForm } from '~/utils/form-body.server'
import { libraryPaths } from './paths'

/**
 * /library/packages/accept-share-link?token=… (issue 11, screen 5). Signed in only (sign-in comes
 * back here with the token kept). No GET changes state, so the link opens a page whose button
 * posts the token; a valid link then gives view access and opens the package, an unknown,
 * revoked or expired one gets a page that says so (404 / 410). A link preview or prefetch
 * therefore never uses a link.
 */
export const handle = { breadcrumb: 'library.accept.title' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context)
  const token = new URL(request.url).searchParams.get('token') ?? ''
  return { token: token.slice(0, 200) }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context)
  const token = String((await readForm(request)).get('token') ?? '')
  return orRouteFailure('library.updateError', async () => {
    try {
      const { packageId, name } = await acceptShareLink(ctxFor(user, context), { token })
      return redirectWithToast(libraryPaths.view(packageId), { key: 'library.accept.accepted', values: { name } })
    } catch (error) {
      if (error instanceof DomainError && (error.code === 'SHARE_LINK_INVALID' || error.code === 'SHARE_LINK_EXPIRED')) {
        return data({ code: error.code }, { status: error.status })
      }
      throw error
    }
  })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function AcceptShareLink() {
  const { t } = useTranslation()
  const { token } = useLoaderData<typeof loader>()
  const failed = useActionData<typeof action>()
  const navigation = useNavigation()
  if (failed || !token) {
    return (
      <section aria-labelledby="share-link-title" className="max-w-2xl">
        <h1 id="share-link-title" className="mb-3 text-2xl font-bold">
          {t('library.accept.invalidTitle')}
        </h1>
        {failed ? <p className="mb-2 text-slate-800">{t(`errors.${failed.code}`)}</p> : null}
        <p className="mb-4 text-slate-700">{t('library.accept.invalid')}</p>
        <AppLink to={libraryPaths.feed} className={buttonClass()}>
          {t('library.accept.toLibrary')}
        </AppLink>
      </section>
    )
  }
  return (
    <section aria-labelledby="share-link-title" className="max-w-2xl">
      <h1 id="share-link-title" className="mb-3 text-2xl font-bold">
        {t('library.accept.title')}
      </h1>
      <p className="mb-4 text-slate-700">{t('library.accept.intro')}</p>
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <Button type="submit" pending={navigation.state === 'submitting'}>
          {t('library.accept.open')}
        </Button>
      </Form>
    </section>
  )
}
