import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

export interface ToastData {
  key: string
  values?: Record<string, string>
  type: 'success' | 'error' | 'info'
}

const tone = {
  success: 'border-green-600 bg-green-50 text-green-900',
  error: 'border-red-600 bg-red-50 text-red-900',
  info: 'border-brand-600 bg-brand-50 text-slate-900',
}

/** Shows the flash message of the last redirect; it stays readable without JavaScript. */
export function Toaster({ toast }: { toast: ToastData | null }) {
  const { t } = useTranslation()
  const [visible, setVisible] = useState<ToastData | null>(toast)
  useEffect(() => {
    setVisible(toast)
    if (!toast) return
    const timer = setTimeout(() => setVisible(null), 6000)
    return () => clearTimeout(timer)
  }, [toast])
  if (!visible) return null
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      <div
        role={visible.type === 'error' ? 'alert' : 'status'}
        className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-md border-l-4 px-4 py-3 shadow-lg ${tone[visible.type]}`}
      >
        <p>{t(visible.key, visible.values)}</p>
        <button type="button" onClick={() => setVisible(null)} className="ml-2 text-sm underline" aria-label={t('common.close')}>
          ×
        </button>
      </div>
    </div>
  )
}
