import { Form, useSubmit } from '@remix-run/react'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Invitation } from '~/services/invitations/invitations.server'
import { ConfirmButton } from '~/ui/confirm-dialog'
import { useFormatters } from '~/ui/format'
import { useIntentPending } from '~/ui/use-intent-pending'

/** The revoke confirmation's text, naming the invitation (its address, or when the open code was made). */
export function revokeBody(t: TFunction, invitation: Invitation | undefined, dateTime: (iso: string) => string) {
  if (!invitation) return t('invitations.revokeConfirm.body')
  return invitation.email
    ? t('invitations.revokeConfirm.bodyEmail', { email: invitation.email })
    : t('invitations.revokeConfirm.bodyOpen', { created: dateTime(invitation.created) })
}

/**
 * The organization's invitations (the group creators page's, or the members page's), each saying
 * what it is for (a member, a group creator), with resend (email invitations; not in an inactive
 * organization) and revoke (not a used one: that person is a member now).
 */
export function InvitationsTable({
  invitations,
  canResend = true,
  empty = 'invitations.empty',
  caption = 'invitations.title',
}: {
  invitations: Invitation[]
  canResend?: boolean
  /** What the page says when there is none (a message key). */
  empty?: 'invitations.empty' | 'invitations.emptyMembers'
  caption?: 'invitations.title' | 'invitations.memberTitle'
}) {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  if (invitations.length === 0) return <p className="rounded-md bg-slate-50 p-4 text-slate-700">{t(empty)}</p>
  const statusClass = {
    pending: 'bg-amber-100 text-amber-900',
    used: 'bg-green-100 text-green-900',
    declined: 'bg-red-100 text-red-900',
    expired: 'bg-slate-200 text-slate-800',
  }
  return (
    <div className="overflow-x-auto rounded-md ring-1 ring-slate-200">
      <table className="w-full min-w-[720px] text-sm">
        <caption className="sr-only">{t(caption)}</caption>
        <thead className="bg-slate-50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('invitations.columns.created')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('invitations.columns.type')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('invitations.columns.email')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('invitations.columns.purpose')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('invitations.columns.status')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('invitations.columns.expires')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('invitations.columns.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {invitations.map((inv) => (
            <tr key={inv._id} className="border-t border-slate-200">
              <td className="px-3 py-2 whitespace-nowrap">{dateTime(inv.created)}</td>
              <td className="px-3 py-2">{t(`invitations.typeName.${inv.type}`)}</td>
              <td className="px-3 py-2 break-all">{inv.email ?? ''}</td>
              <td className="px-3 py-2">{t(inv.groupCreator ? 'invitations.purpose.groupCreator' : 'invitations.purpose.member')}</td>
              <td className="px-3 py-2">
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusClass[inv.status]}`}>
                  {t(`invitations.status.${inv.status}`)}
                </span>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{dateTime(inv.expires)}</td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap gap-2">
                  {canResend && inv.type === 'email' && inv.status !== 'used' ? (
                    <RowAction intent="resend" id={inv._id} label={t('invitations.resendLabel', { email: inv.email })}>
                      {t('invitations.resend')}
                    </RowAction>
                  ) : null}
                  {inv.status === 'used' ? null : (
                    <RowAction
                      intent="revoke"
                      id={inv._id}
                      label={t('invitations.revokeLabel', { created: dateTime(inv.created) })}
                      confirm={{
                        title: t('invitations.revokeConfirm.title'),
                        body: revokeBody(t, inv, dateTime),
                        action: t('invitations.revokeConfirm.action'),
                      }}
                    >
                      {t('invitations.revoke')}
                    </RowAction>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * One row's action: a small form posting `intent` and the id. A destructive one asks first: in a
 * dialog with JavaScript (then posts confirmed=1), through the server's ConfirmPanel without.
 */
function RowAction({
  intent,
  id,
  label,
  confirm,
  children,
}: {
  intent: string
  id: string
  label: string
  confirm?: { title: string; body: string; action: string }
  children: ReactNode
}) {
  const submit = useSubmit()
  const busy = useIntentPending(intent, { ids: id })
  return (
    <Form method="post">
      <input type="hidden" name="ids" value={id} />
      <ConfirmButton
        name="intent"
        value={intent}
        variant={confirm ? 'danger' : 'secondary'}
        className="!px-3 !py-1 text-sm"
        aria-label={label}
        pending={busy}
        confirm={confirm}
        dialogId={`${intent}-${id}`}
        onConfirm={() => submit({ intent, ids: id, confirmed: '1' }, { method: 'post' })}
      >
        {children}
      </ConfirmButton>
    </Form>
  )
}
