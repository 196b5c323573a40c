import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '~/ui/confirm-modal'

/**
 * "Leave without saving?" (UnsavedChangesGuard), open from the start; closing it by Cancel or
 * Escape stays on the page. Its own module: loaded only when someone is about to lose typing.
 */
export default function UnsavedDialog({ onLeave, onStay }: { onLeave: () => void; onStay: () => void }) {
  const { t } = useTranslation()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const left = useRef(false)
  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    const closed = () => {
      if (!left.current) onStay()
    }
    dialog.addEventListener('close', closed)
    if (!dialog.open) dialog.showModal()
    return () => dialog.removeEventListener('close', closed)
  }, [onStay])
  return (
    <ConfirmDialog
      dialogRef={dialogRef}
      id="unsaved-changes"
      title={t('library.wizard.unsaved.title')}
      body={t('library.wizard.unsaved.body')}
      action={t('library.wizard.unsaved.leave')}
      onConfirm={() => {
        left.current = true
        onLeave()
      }}
    />
  )
}
