import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { routeCall } from '~/http/route-call.server'
import { AppLink } from '~/ui/app-link'
import { requireUser } from '~/auth/guards.server'
import { DomainError } from '~/errors'
import { ctxFor } from '~/services/context.server'
import { acceptShareLink, previewShareLink } from '~/services/library/share-links.server'
import { Button, buttonClass } from '~/ui/button'
import { redirectWithToast } from '~/http/toast.server'
import { readForm } from '~/utils/form-body.server'
import { libraryPaths } from './paths'

/**
 * /library/packages/accept-share-link?token=… (spec section 2, "/library"). Signed in only (sign-in comes
 * back here with the token kept). No GET changes state, so the link opens a page that names the
 * package and who shared it, and whose button posts the token; a valid link then gives view
 * access and opens the package. An unknown, revoked or expired link says so on that first page
 * (404 / 410), with the way to the library. A link preview or prefetch therefore never uses a link.
 */
export const handle = { breadcrumb: 'library.accept.title' }

type LinkRefusal = 'SHARE_LINK_INVALID' | 'SHARE_LINK_EXPIRED'

const refusalOf = (error: unknown): LinkRefusal | null =>
  error instanceof DomainError && (error.code === 'SHARE_LINK_INVALID' || error.code === 'SHARE_LINK_EXPIRED') ? error.code : null

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  const token = (new URL(request.url).searchParams.get('token') ?? '').slice(0, 200)
  return routeCall(
    async () => {
      try {
        const preview = await previewShareLink(ctxFor(user, context), { token })
        return { token, preview, code: null }
      } catch (error) {
        const code = refusalOf(error)
        if (!code) throw error
        return data({ token, preview: null, code }, { status: new DomainError(code).status })
      }
    },
    { failure: 'library.loadError' },
  )
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context)
  const token = String((await readForm(request)).get('token') ?? '')
  return routeCall(
    async () => {
      try {
        const { packageId, packageName } = await acceptShareLink(ctxFor(user, context), { token })
        return redirectWithToast(libraryPaths.view(packageId), { key: 'library.accept.accepted', values: { name: packageName } })
      } catch (error) {
        const code = refusalOf(error)
        if (!code) throw error
        return data({ code }, { status: new DomainError(code).status })
      }
    },
    { failure: 'library.updateError' },
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function AcceptShareLink() {
  const { t } = useTranslation()
  const { token, preview, code } = useLoaderData<typeof loader>()
  const failed = useActionData<typeof action>()
  const navigation = useNavigation()
  const refusal = failed?.code ?? code
  if (refusal || !preview) {
    return (
      <section aria-labelledby="share-link-title" className="max-w-2xl">
        <h1 id="share-link-title" className="mb-3 text-2xl font-bold">
          {t('library.accept.invalidTitle')}
        </h1>
        {refusal ? <p className="mb-2 text-slate-800">{t(`errors.${refusal}`)}</p> : null}
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
      <p className="mb-2 text-lg text-slate-900">
        {preview.sharedBy
          ? t('library.accept.sharedBy', { name: preview.sharedBy, package: preview.packageName })
          : t('library.accept.shared', { package: preview.packageName })}
      </p>
      <p className="mb-4 text-slate-700">{t('library.accept.intro')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Form method="post">
          <input type="hidden" name="token" value={token} />
          <Button type="submit" pending={navigation.state === 'submitting'}>
            {t('library.accept.open')}
          </Button>
        </Form>
        <AppLink to={libraryPaths.feed} className={buttonClass('secondary')}>
          {t('library.accept.toLibrary')}
        </AppLink>
      </div>
    </section>
  )
}
