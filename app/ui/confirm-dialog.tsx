import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps, type RefObject } from 'react'
import { Button } from './button'

export { ConfirmDialog } from './confirm-modal'

/** The dialog's code, fetched on the first hover, focus or click of a ConfirmButton (not with the page). */
const loadConfirmModal = () => import('./confirm-modal')
const LazyConfirmDialog = lazy(() => loadConfirmModal().then((m) => ({ default: m.ConfirmDialog })))

/** Opens the dialog once it is there: rendered after it, so a click made while it loads still opens it. */
function OpenOnRequest({ dialogRef, request }: { dialogRef: RefObject<HTMLDialogElement>; request: number }) {
  useEffect(() => {
    const dialog = dialogRef.current
    if (request > 0 && dialog && !dialog.open) dialog.showModal()
  }, [dialogRef, request])
  return null
}

/**
 * A submit button that, when `confirm` is given and JavaScript runs, asks in a ConfirmDialog
 * first and then calls `onConfirm` (which submits with confirmed=1). Without JavaScript it simply
 * submits, and the server answers with its confirmation step. The dialog is loaded lazily (on
 * hover or focus, at the latest on the click, which opens it as soon as it has arrived).
 */
export function ConfirmButton({
  confirm,
  dialogId,
  dialogVariant = 'danger',
  onConfirm,
  ...button
}: ComponentProps<typeof Button> & {
  confirm?: { title: string; body: string; action: string }
  dialogId: string
  dialogVariant?: 'danger' | 'primary'
  onConfirm: () => void
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  /** How many times the dialog was asked for (0: never, so not rendered yet). */
  const [request, setRequest] = useState(0)
  const preload = () => {
    if (confirm) void loadConfirmModal()
  }
  return (
    <>
      <Button
        type="submit"
        {...button}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(e) => {
          if (!confirm) return
          e.preventDefault()
          setRequest((n) => n + 1)
        }}
      />
      {confirm && request > 0 ? (
        <Suspense fallback={null}>
          <LazyConfirmDialog dialogRef={dialogRef} id={dialogId} variant={dialogVariant} {...confirm} onConfirm={onConfirm} />
          <OpenOnRequest dialogRef={dialogRef} request={request} />
        </Suspense>
      ) : null}
    </>
  )
}
