import { Form, useNavigation } from '@remix-run/react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmButton } from '~/ui/confirm-dialog'
import { useHydrated } from '~/ui/use-hydrated'

/**
 * Leaving the group, for a member who is not its owner: the button asks first (a dialog with
 * JavaScript; without it the server's ConfirmPanel, then a redirect to /groups). The owner is
 * told to hand the group over first, and where: "Make owner" on a member's row.
 */
export function LeaveGroupSection({ groupName, isOwner }: { groupName: string; isOwner: boolean }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const formRef = useRef<HTMLFormElement>(null)
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'leave'
  return (
    <section aria-labelledby="leave-group-title" className="max-w-xl rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="leave-group-title" className="mb-1 text-lg font-semibold">
        {t('groupHome.leave.title')}
      </h2>
      {isOwner ? (
        <p className="text-slate-700">
          {t('groupHome.leave.ownerBody')}{' '}
          <a href="#group-members-title" className="text-brand-700 underline">
            {t('groupHome.leave.ownerLink')}
          </a>
        </p>
      ) : (
        <>
          <p className="mb-3 text-slate-700">{t('groupHome.leave.body')}</p>
          <Form method="post" ref={formRef}>
            <input type="hidden" name="intent" value="leave" />
            {hydrated ? <input type="hidden" name="confirmed" value="1" /> : null}
            <ConfirmButton
              variant="danger"
              dialogId="leave-group-confirm"
              pending={pending}
              confirm={
                hydrated
                  ? {
                      title: t('groupHome.confirm.leaveTitle'),
                      body: t('groupHome.confirm.leaveBody', { group: groupName }),
                      action: t('groupHome.confirm.leaveAction'),
                    }
                  : undefined
              }
              onConfirm={() => formRef.current?.requestSubmit()}
            >
              {t('groupHome.leave.submit')}
            </ConfirmButton>
          </Form>
        </>
      )}
    </section>
  )
}
