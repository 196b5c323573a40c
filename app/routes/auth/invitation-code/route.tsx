import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/auth/guards.server'
import { withArea } from '~/i18n/client'
import { ctxFor } from '~/services/context.server'
import { waitingInInbox } from '~/services/alerts/notification-counts.server'
import { Button } from '~/ui/button'
import { handlerFor } from '~/utils/intent'
import { INVITATION_CODE_LENGTH, isWellFormedCode } from '~/utils/invitation-code'
import { CodeError } from './code-error'
import { CodeForm } from './code-form'
import { ConfirmJoin } from './confirm-join'
import { confirmationFor, INTENTS } from './intents.server'
import { readForm } from '~/utils/form-body.server'

// Its messages are in the administration area, loaded in the browser only where needed.
export const handle = { title: 'invitationCode.title', i18nArea: 'invitations' }
export const clientLoader = withArea('invitations')

/**
 * Signed-in users only: a signed-out visitor signs in first and comes back here, code kept.
 * Opening it changes nothing (no GET does, and mail scanners open links): with a code
 * (`?code=`, the invitation email's link) it asks "Join Exempelskolan as group creator?", or
 * says why the code does not work; without one, it asks about the invitation a sign-up left
 * waiting, if any, or shows the code field (and, when invitations to the user wait in the inbox,
 * a link there).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  const code = (new URL(request.url).searchParams.get('code') ?? '').trim().toUpperCase().slice(0, INVITATION_CODE_LENGTH)
  const ctx = ctxFor(user, context)
  const [{ status, ...shown }, waiting] = await Promise.all([confirmationFor(ctx, isWellFormedCode(code) ? code : ''), waitingInInbox(ctx)])
  return data({ code, waiting, ...shown }, { status })
}

/** Every form posts an intent: preview (the typed code), join, join-pending or dismiss-pending. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context)
  const form = await readForm(request)
  const handler = handlerFor(INTENTS, form) ?? (form.has('intent') ? null : INTENTS.preview)
  if (!handler) return data({ result: undefined, error: { code: 'BAD_REQUEST' }, confirm: null }, { status: 400 })
  return handler({ ctx: ctxFor(user, context), form })
}

export default function InvitationCode() {
  const { t } = useTranslation()
  const loaded = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  // An answer to a form replaces what the page showed when it was opened.
  const { confirm, error } = actionData ?? loaded
  const pendingFailed = !actionData && loaded.pendingFailed
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('invitationCode.title')}</h1>
      {confirm ? (
        <ConfirmJoin confirm={confirm} />
      ) : (
        <>
          <p className="text-slate-700">{t('invitationCode.intro')}</p>
          {loaded.waiting > 0 ? (
            // Invitations to the user's address are answered in the inbox, without the code.
            <p className="rounded-md bg-brand-50 p-3 text-sm text-slate-800 ring-1 ring-brand-100">
              {t('inbox.codePageHint', { count: loaded.waiting })}{' '}
              <Link to="/invitations" className="font-medium text-brand-700 underline hover:text-brand-600">
                {t('inbox.codePageLink')}
              </Link>
            </p>
          ) : null}
          {error ? <CodeError error={error} /> : null}
          {pendingFailed ? (
            // The sign-up's invitation no longer works (the alert says why): settle it, or type another code.
            <Form method="post" action="/invitation-code">
              <Button type="submit" name="intent" value="dismiss-pending" variant="secondary">
                {t('invitationCode.confirm.skip')}
              </Button>
            </Form>
          ) : null}
          <CodeForm
            code={pendingFailed ? '' : loaded.code}
            lastResult={actionData?.result}
            failedOnServer={Boolean(error) && !pendingFailed}
          />
        </>
      )}
    </div>
  )
}
