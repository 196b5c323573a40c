import { Form } from '@remix-run/react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmButton } from '~/ui/confirm-dialog'
import { useHydrated } from '~/ui/use-hydrated'
import { useIntentPending } from '~/ui/use-intent-pending'

/**
 * The "Leave" button of a group (its home, and each row of /groups): asks first, in a dialog with
 * JavaScript, with the page's ConfirmPanel without (the form posts without confirmed=1). The
 * group's owner never sees it: they hand the group over first.
 */
export function LeaveGroupForm({
  groupId,
  name,
  label,
  ariaLabel,
  compact = false,
}: {
  groupId: string
  name: string
  label: string
  ariaLabel?: string
  /** A row's small secondary button, rather than the home's danger button. */
  compact?: boolean
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const formRef = useRef<HTMLFormElement>(null)
  const pending = useIntentPending('leave', { groupId })
  return (
    <Form method="post" ref={formRef}>
      <input type="hidden" name="intent" value="leave" />
      <input type="hidden" name="groupId" value={groupId} />
      <input type="hidden" name="name" value={name} />
      {hydrated ? <input type="hidden" name="confirmed" value="1" /> : null}
      <ConfirmButton
        variant={compact ? 'secondary' : 'danger'}
        className={compact ? '!px-3 !py-1 text-sm' : undefined}
        aria-label={ariaLabel}
        dialogId={`leave-${groupId}`}
        pending={pending}
        confirm={
          hydrated
            ? {
                title: t('groupHome.confirm.leaveTitle'),
                body: t('groupHome.confirm.leaveBody', { group: name }),
                action: t('groupHome.confirm.leaveAction'),
              }
            : undefined
        }
        onConfirm={() => formRef.current?.requestSubmit()}
      >
        {label}
      </ConfirmButton>
    </Form>
  )
}
