import { Form, useNavigation } from '@remix-run/react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmButton } from '~/ui/confirm-dialog'
import { useHydrated } from '~/ui/use-hydrated'

/**
 * A row's "Leave" on /groups (not for the group's owner, who hands it over first on its home):
 * asks first, in a dialog with JavaScript, with the page's ConfirmPanel without; then the page
 * again with a toast naming the group.
 */
export function LeaveGroupButton({ groupId, name }: { groupId: string; name: string }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const formRef = useRef<HTMLFormElement>(null)
  const pending =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'leave' && navigation.formData.get('groupId') === groupId
  return (
    <Form method="post" ref={formRef}>
      <input type="hidden" name="intent" value="leave" />
      <input type="hidden" name="groupId" value={groupId} />
      <input type="hidden" name="name" value={name} />
      {hydrated ? <input type="hidden" name="confirmed" value="1" /> : null}
      <ConfirmButton
        variant="secondary"
        className="!px-3 !py-1 text-sm"
        aria-label={t('myGroups.leaveLabel', { name })}
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
        {t('myGroups.leave')}
      </ConfirmButton>
    </Form>
  )
}
