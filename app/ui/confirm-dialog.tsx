import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentProps, type RefObject } from 'react'
import { Button } from './button'

/** The dialog's code, fetched on the first hover, focus or click of a ConfirmButton (not with the page). */
const loadConfirmModal = () => import('./confirm-modal')
const LazyConfirmDialog = lazy(() => loadConfirmModal().then((m) => ({ default: m.ConfirmDialog })))

/**
 * Opens the dialog once it is there (rendered after it, so a click made while it loads still opens
 * it), then reports that it did: a later re-render or remount of the page never opens it again.
 */
function OpenWhenReady({
  dialogRef,
  pending,
  onOpened,
}: {
  dialogRef: RefObject<HTMLDialogElement>
  pending: boolean
  onOpened: () => void
}) {
  useEffect(() => {
    const dialog = dialogRef.current
    if (!pending || !dialog) return
    if (!dialog.open) dialog.showModal()
    onOpened()
  }, [dialogRef, pending, onOpened])
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
  confirm?: { title: string; body: string; action: string; items?: { label: string; names: string[]; total: number } }
  dialogId: string
  dialogVariant?: 'danger' | 'primary'
  onConfirm: () => void
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  /** The dialog is rendered from the first click on (its code loads lazily). */
  const [wanted, setWanted] = useState(false)
  /** A click waiting for the dialog to open. */
  const [pending, setPending] = useState(false)
  const opened = useCallback(() => setPending(false), [])
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
          setWanted(true)
          setPending(true)
        }}
      />
      {confirm && wanted ? (
        <Suspense fallback={null}>
          <LazyConfirmDialog dialogRef={dialogRef} id={dialogId} variant={dialogVariant} {...confirm} onConfirm={onConfirm} />
          <OpenWhenReady dialogRef={dialogRef} pending={pending} onOpened={opened} />
        </Suspense>
      ) : null}
    </>
  )
}
