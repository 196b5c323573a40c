import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { routeCall } from '~/http/route-call.server'
import { withArea } from '~/i18n/client'
import { ctxFor } from '~/services/context.server'
import { myInvitations } from '~/services/invitations/invitation-inbox.server'
import { AppLink } from '~/ui/app-link'
import { readForm } from '~/utils/form-body.server'
import { handlerFor } from '~/utils/intent'
import { INTENTS } from './intents.server'
import { InboxSection } from './inbox-section'

/**
 * /invitations: the invitations inbox (docs/invitations.md). Every pending invitation
 * addressed to the user, in three sections whose ids are a URL contract (`#groups`, `#packages`,
 * `#organizations`: the header's counts and the notices link there), each item with Accept and
 * Decline forms that work without JavaScript.
 */
export const handle = { breadcrumb: 'inbox.title', i18nArea: 'invitations' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  const inbox = await routeCall(() => myInvitations(ctxFor(user, context)), { failure: 'inbox.loadError' })
  return { inbox }
}

export const clientLoader = withArea('invitations')

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context)
  const form = await readForm(request)
  const handler = handlerFor(INTENTS, form)
  if (!handler) return data({ error: 'errors.BAD_REQUEST' }, { status: 400 })
  const here = '/invitations'
  // Gone, declined, someone else's, already a member…: back to the inbox, saying why.
  return routeCall(() => handler({ ctx: ctxFor(user, context), form }), {
    toast: { to: here, withData: true },
    failure: 'inbox.updateError',
  })
}

export { RouteErrorBoundary as ErrorBoundary } from '~/ui/route-error-boundary'

export default function InvitationsInbox() {
  const { t } = useTranslation()
  const { inbox } = useLoaderData<typeof loader>()
  const total = inbox.groups.length + inbox.packages.length + inbox.organizations.length
  return (
    <section aria-labelledby="inbox-title" className="flex max-w-3xl flex-col gap-6">
      <div>
        <h1 id="inbox-title" className="text-2xl font-bold">
          {t('inbox.title')}
        </h1>
        <p className="mt-1 text-slate-700">{total === 0 ? t('inbox.empty') : t('inbox.intro', { count: total })}</p>
        <p className="mt-1 text-sm text-slate-700">
          {t('inbox.haveCode')}{' '}
          <AppLink to="/invitation-code" className="text-brand-700 underline hover:text-brand-600">
            {t('inbox.useCode')}
          </AppLink>
        </p>
      </div>
      <InboxSection kind="groups" items={inbox.groups} />
      <InboxSection kind="packages" items={inbox.packages} />
      <InboxSection kind="organizations" items={inbox.organizations} />
    </section>
  )
}
