import { useLocation, useMatches } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from './use-hydrated'

export interface ToastData {
  key: string
  values?: Record<string, string>
  type: 'success' | 'error' | 'info'
  /** The message, translated by the server (its key may belong to an area the page does not load). */
  text: string
  /** A bulk result's failed items, a line each ("Anna Ek: owns a group…"), the last maybe "and N more". */
  failed?: string[]
  /** A bulk result's items that succeeded, by name ("Done: Anna Ek, Bo Berg"). */
  done?: string
}

const tone = {
  success: 'border-green-600 bg-green-50 text-green-900',
  error: 'border-red-600 bg-red-50 text-red-900',
  info: 'border-brand-600 bg-brand-50 text-slate-900',
}

/** A layout route whose handle says so shows the toast in its page (`<Toaster placement="page">`). */
export const PAGE_TOASTS_HANDLE = { pageToasts: true } as const

const POPUP_SECONDS = 6

/**
 * The flash message of the last redirect (e.g. a bulk action's result summary).
 *
 * - `placement="page"` (the app layout, at the top of <main>): in the flow of the page, so it is
 *   near the top and stays readable without JavaScript. With JavaScript, a message that arrives by
 *   navigation (after a form's redirect) takes the focus, so keyboard and screen-reader users land
 *   on the result instead of losing their place; it stays until the next page or Close.
 * - `placement="popup"` (the root, for screens without such a layout, e.g. sign-in): a message at
 *   the bottom of the window that goes after a few seconds.
 *
 * The message is a live region (status, or alert for errors), so screen readers announce it when it
 * appears; on the page, the focus moving to it reads it out as well.
 */
export function Toaster({ toast, placement = 'popup' }: { toast: ToastData | null; placement?: 'page' | 'popup' }) {
  const { t } = useTranslation()
  const location = useLocation()
  const hydrated = useHydrated()
  const shownByPage = useMatches().some((m) => (m.handle as { pageToasts?: boolean } | undefined)?.pageToasts)
  // The toast and the location it came with: it is shown on that location only.
  const [shown, setShown] = useState<{ toast: ToastData; at: string } | null>(toast && { toast, at: location.key })
  const first = useRef(toast)
  const messageRef = useRef<HTMLDivElement>(null)
  const skip = placement === 'popup' && shownByPage

  useEffect(() => {
    setShown(toast && { toast, at: location.key })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new toast only, not every location
  }, [toast])
  useEffect(() => {
    if (skip || !shown || placement !== 'page' || shown.toast === first.current) return
    messageRef.current?.focus()
  }, [shown, placement, skip])
  useEffect(() => {
    if (!shown || placement !== 'popup') return
    const timer = setTimeout(() => setShown(null), POPUP_SECONDS * 1000)
    return () => clearTimeout(timer)
  }, [shown, placement])

  if (skip) return null
  const visible = shown && shown.at === location.key ? shown.toast : null
  const close = () => {
    setShown(null)
    if (placement === 'page') document.getElementById('main-content')?.focus()
  }
  const message = visible ? (
    <div role={visible.type === 'error' ? 'alert' : 'status'}>
      <div
        ref={messageRef}
        tabIndex={-1}
        className={`pointer-events-auto flex items-start justify-between gap-3 rounded-md border-l-4 px-4 py-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${
          placement === 'popup' ? 'max-w-md shadow-lg' : 'mb-4'
        } ${tone[visible.type]}`}
      >
        <div>
          <p>{visible.text}</p>
          {visible.failed ? (
            <ul className="mt-1 list-disc pl-5">
              {visible.failed.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          ) : null}
          {visible.done ? <p className="mt-1">{visible.done}</p> : null}
        </div>
        {hydrated ? (
          <button type="button" onClick={close} className="ml-2 text-sm underline" aria-label={t('common.close')}>
            ×
          </button>
        ) : null}
      </div>
    </div>
  ) : null
  if (placement === 'page' || !message) return message
  return <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">{message}</div>
}
