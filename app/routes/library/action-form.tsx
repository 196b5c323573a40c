import { Form, useSubmit } from '@remix-run/react'
import type { ReactNode } from 'react'
import { ConfirmButton } from '~/ui/confirm-dialog'
import { ConfirmPanel } from '~/ui/confirm-panel'
import { useIntentPending } from '~/ui/use-intent-pending'

/** What a destructive intent answers without confirmed=1 (no JavaScript): the panel to confirm it. */
export interface PendingConfirmation {
  intent: string
  fields: Record<string, string>
  /** Translated on the server's behalf by the page: message keys and their values. */
  title: string
  body: string
  action: string
  values?: Record<string, string>
}

/**
 * One button posting `intent` and some fields. With `confirm` (a destructive action) it asks
 * first: in a dialog with JavaScript (then posts confirmed=1), through the server's
 * confirmation panel (ConfirmationPanel) without.
 */
export function ActionForm({
  intent,
  fields,
  confirm,
  variant = 'secondary',
  small = true,
  children,
}: {
  intent: string
  fields: Record<string, string>
  confirm?: { title: string; body: string; action: string }
  variant?: 'primary' | 'secondary' | 'danger'
  small?: boolean
  children: ReactNode
}) {
  const submit = useSubmit()
  const busy = useIntentPending(intent, fields)
  const dialogId = `${intent}-${Object.values(fields).join('-')}`.replace(/[^\w-]/g, '')
  return (
    <Form method="post" className="inline">
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <ConfirmButton
        name="intent"
        value={intent}
        variant={variant}
        className={small ? '!px-3 !py-1 text-sm' : ''}
        pending={busy}
        confirm={confirm}
        dialogId={dialogId}
        dialogVariant={variant === 'danger' ? 'danger' : 'primary'}
        onConfirm={() => submit({ ...fields, intent, confirmed: '1' }, { method: 'post' })}
      >
        {children}
      </ConfirmButton>
    </Form>
  )
}

/** The server's confirmation step of an ActionForm posted without JavaScript. */
export function ConfirmationPanel({
  pending,
  t,
}: {
  pending: PendingConfirmation
  t: (key: string, values?: Record<string, string>) => string
}) {
  return (
    <ConfirmPanel
      intent={pending.intent}
      title={t(pending.title, pending.values)}
      body={t(pending.body, pending.values)}
      action={t(pending.action, pending.values)}
      extra={pending.fields}
    />
  )
}
