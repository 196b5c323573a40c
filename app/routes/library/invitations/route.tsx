import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { routeCall } from '~/http/route-call.server'
import { ctxFor, type Ctx } from '~/services/context.server'
import { receivedInvitations } from '~/services/library/feed.server'
import { acceptInvitation, declineInvitation } from '~/services/library/collaborator-invitations.server'
import { useFormatters } from '~/ui/format'
import { redirectWithToast } from '~/http/toast.server'
import { readForm } from '~/utils/form-body.server'
import { handlerFor } from '~/utils/intent'
import { ActionForm } from '../action-form'
import { LIBRARY_SCREEN } from '../not-found.server'
import { libraryPaths } from '../paths'

/**
 * /library/invitations/:id (spec section 2, "/library"): the pending package invitations of user :id,
 * for that user only (anyone else: 404), each with accept or decline.
 */
export const handle = { breadcrumb: 'library.invitations.title' }

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  const invitations = await routeCall(() => receivedInvitations(ctxFor(user, context), params.id!), {
    ...LIBRARY_SCREEN,
    failure: 'library.loadError',
  })
  return { invitations }
}

interface Args {
  ctx: Ctx
  invitationId: string
  here: string
}

const INTENTS = {
  accept: async ({ ctx, invitationId }: Args) => {
    const { packageId, packageName } = await acceptInvitation(ctx, invitationId)
    return redirectWithToast(libraryPaths.view(packageId), { key: 'library.invitations.accepted', values: { name: packageName } })
  },
  decline: async ({ ctx, invitationId, here }: Args) => {
    await declineInvitation(ctx, invitationId)
    return redirectWithToast(here, { key: 'library.invitations.declined' })
  },
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context)
  // Only the user's own page takes answers: anyone else's is not found, as its loader.
  if (params.id !== user.id) throw new Response('Not found', { status: 404 })
  const form = await readForm(request)
  const handler = handlerFor(INTENTS, form)
  if (!handler) return data({ error: 'errors.BAD_REQUEST' }, { status: 400 })
  const here = new URL(request.url).pathname
  const invitationId = String(form.get('invitationId') ?? '')
  return routeCall(() => handler({ ctx: ctxFor(user, context), invitationId, here }), {
    ...LIBRARY_SCREEN,
    toast: { to: here },
    failure: 'library.updateError',
  })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function PackageInvitations() {
  const { t } = useTranslation()
  const { date } = useFormatters()
  const { invitations } = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="invitations-title" className="flex max-w-3xl flex-col gap-4">
      <h1 id="invitations-title" className="text-2xl font-bold">
        {t('library.invitations.title')}
      </h1>
      <p className="text-slate-700">{t('library.invitations.intro')}</p>
      {invitations.length === 0 ? (
        <p className="rounded-md bg-slate-50 p-4 text-slate-700 ring-1 ring-slate-200">{t('library.invitations.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200" aria-label={t('library.invitations.title')}>
          {invitations.map((inv) => (
            <li key={inv.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div>
                <p className="font-semibold">{inv.packageName}</p>
                <p className="text-sm text-slate-600">
                  {t(`library.access.${inv.access}`)} ·{' '}
                  {t('library.invitations.from', { name: inv.invitedBy?.name ?? '—', date: date(inv.createdAt) })}
                </p>
              </div>
              <div className="flex gap-2">
                <ActionForm intent="accept" fields={{ invitationId: inv.id }} variant="primary">
                  {t('library.invitations.accept')}
                </ActionForm>
                <ActionForm intent="decline" fields={{ invitationId: inv.id }}>
                  {t('library.invitations.decline')}
                </ActionForm>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
