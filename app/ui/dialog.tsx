import type { ReactEventHandler, ReactNode, RefObject } from 'react'

/**
 * The widths of spec section 9: a form in a dialog (the invitation dialog) 600 px, a confirmation
 * 400 px; both narrower on a small screen.
 */
const WIDTHS = { form: 'w-[600px]', confirm: 'w-[400px]' } as const

/**
 * Opening and closing fade and scale in 150 ms (spec section 9); `display`/`overlay` are
 * transitioned discretely so the closing one animates too. Nothing moves when the user prefers
 * reduced motion.
 */
const MOTION =
  'opacity-0 scale-95 transition-[opacity,scale,display,overlay] transition-discrete duration-150 ease-out open:opacity-100 open:scale-100 starting:open:opacity-0 starting:open:scale-95 ' +
  'backdrop:bg-slate-900/0 backdrop:transition-[background-color,display,overlay] backdrop:transition-discrete backdrop:duration-150 open:backdrop:bg-slate-900/50 starting:open:backdrop:bg-slate-900/0 ' +
  'motion-reduce:transition-none motion-reduce:scale-100 motion-reduce:backdrop:transition-none'

/** A modal native <dialog> (opened with `showModal()`), labelled by its title's id. */
export function Dialog({
  dialogRef,
  labelledBy,
  width,
  onCancel,
  children,
}: {
  dialogRef: RefObject<HTMLDialogElement>
  labelledBy: string
  width: keyof typeof WIDTHS
  /** Escape: by default it closes the dialog. */
  onCancel?: ReactEventHandler<HTMLDialogElement>
  children: ReactNode
}) {
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={labelledBy}
      onCancel={onCancel}
      className={`m-auto ${WIDTHS[width]} max-w-[calc(100vw-2rem)] rounded-lg p-6 shadow-xl ${MOTION}`}
    >
      {children}
    </dialog>
  )
}
