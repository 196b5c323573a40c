import type { RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './button'
import { Dialog } from './dialog'
import { NamedItems } from './named-items'

/**
 * The confirmation dialog of a destructive action (400 px, see Dialog): Cancel has the
 * focus; confirming closes it and runs `onConfirm`. Without JavaScript the server asks instead.
 * Its own module: ConfirmButton (./confirm-dialog) loads it only when it is about to be needed.
 */
export function ConfirmDialog({
  dialogRef,
  id,
  title,
  body,
  action,
  variant = 'danger',
  items,
  onConfirm,
}: {
  dialogRef: RefObject<HTMLDialogElement>
  id: string
  title: string
  body: string
  action: string
  variant?: 'danger' | 'primary'
  /** What it will change, by name: the first few of `total`. */
  items?: { label: string; names: string[]; total: number }
  onConfirm: () => void
}) {
  const { t } = useTranslation()
  return (
    <Dialog dialogRef={dialogRef} labelledBy={`${id}-title`} width="confirm">
      <h2 id={`${id}-title`} className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      <p className="mb-4 text-slate-700">{body}</p>
      {items ? <NamedItems {...items} /> : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={() => dialogRef.current?.close()} autoFocus>
          {t('common.cancel')}
        </Button>
        <Button
          type="button"
          variant={variant}
          onClick={() => {
            dialogRef.current?.close()
            onConfirm()
          }}
        >
          {action}
        </Button>
      </div>
    </Dialog>
  )
}
