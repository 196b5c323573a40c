import type { SubmissionResult } from '@conform-to/react'
import { Form, useFetcher } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from '~/ui/use-hydrated'
import { Button } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { InvitationForm } from '~/ui/invitation-form'
import type { GroupCreatorsActionData } from './intents.server'

/**
 * The invitation form. With JavaScript: a button opening a 600 px native dialog; the dialog stays
 * open showing the error of a failed submission and closes on success (spec section 4). Without
 * JavaScript: the same form inline on the page.
 */
export function InviteDialog({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const fetcher = useFetcher<GroupCreatorsActionData>({ key: 'invite' })
  const dialogRef = useRef<HTMLDialogElement>(null)
  const submitting = useRef<{ dataBefore: unknown } | null>(null)
  const [shown, setShown] = useState<SubmissionResult<string[]> | undefined>()
  const [formKey, setFormKey] = useState(0)
  useEffect(() => {
    if (fetcher.state !== 'idle') {
      submitting.current ??= { dataBefore: fetcher.data }
      return
    }
    if (!submitting.current) return
    const { dataBefore } = submitting.current
    submitting.current = null
    const data = fetcher.data as GroupCreatorsActionData | undefined
    if (data !== dataBefore && data && 'result' in data) {
      setShown(data.result) // failed: the dialog stays open with the error
    } else {
      // Succeeded (a redirect brings no new data): a fresh form, and the dialog closes.
      setShown(undefined)
      setFormKey((k) => k + 1)
      dialogRef.current?.close()
    }
  }, [fetcher.state, fetcher.data])
  if (!hydrated) {
    return (
      <div className="mb-6 max-w-xl rounded-md bg-slate-50 p-4 ring-1 ring-slate-200">
        <h3 className="mb-3 font-semibold">{t('invitations.dialogTitle')}</h3>
        <InviteForm FormComponent={Form} lastResult={lastResult} busy={false} />
      </div>
    )
  }
  return (
    <div className="mb-6">
      <Button type="button" onClick={() => dialogRef.current?.showModal()}>
        {t('invitations.new')}
      </Button>
      <Dialog dialogRef={dialogRef} labelledBy="invite-dialog-title" width="form">
        <div className="mb-4 flex items-start justify-between gap-4">
          <h3 id="invite-dialog-title" className="text-lg font-semibold">
            {t('invitations.dialogTitle')}
          </h3>
          <button
            type="button"
            className="rounded px-2 text-xl leading-none text-slate-600 hover:bg-slate-100"
            aria-label={t('common.close')}
            onClick={() => dialogRef.current?.close()}
          >
            ×
          </button>
        </div>
        <InviteForm key={formKey} FormComponent={fetcher.Form} lastResult={shown} busy={fetcher.state !== 'idle'} />
      </Dialog>
    </div>
  )
}

const WAYS = ['email', 'open'] as const

function InviteForm({
  FormComponent,
  lastResult,
  busy,
}: {
  FormComponent: typeof Form
  lastResult?: SubmissionResult<string[]>
  busy: boolean
}) {
  const { t } = useTranslation()
  return (
    <InvitationForm
      id="invite"
      ways={WAYS}
      way="email"
      FormComponent={FormComponent}
      lastResult={lastResult}
      busy={busy}
      labels={{
        legend: t('invitations.type.legend'),
        way: (w) => t(`invitations.type.${w}`),
        hint: (w) => t(`invitations.type.${w}Hint`),
        email: t('invitations.email'),
        submit: t('invitations.submit'),
      }}
    />
  )
}
