import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from '~/ui/use-hydrated'
import { Button } from '~/ui/button'
import { useFormatters } from '~/ui/format'

/** The code of a new open invitation, shown this once: a read-only field to select, and a copy button with JavaScript. */
export function NewCodePanel({ code, expires }: { code: string; expires: string }) {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  const hydrated = useHydrated()
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const inputId = useId()
  return (
    <div className="mb-6 max-w-xl rounded-md border-l-4 border-green-600 bg-green-50 p-4" role="status">
      <h3 className="mb-1 font-semibold">{t('invitations.newCode.title')}</h3>
      <p className="mb-3 text-slate-800">{t('invitations.newCode.body', { expires: dateTime(expires) })}</p>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
        {t('invitations.newCode.label')}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={inputId}
          readOnly
          value={code}
          onFocus={(e) => e.currentTarget.select()}
          className="w-44 rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-2xl tracking-[0.3em] select-all"
        />
        {hydrated ? (
          <Button
            type="button"
            variant="secondary"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(code)
                setCopied('yes')
              } catch {
                setCopied('failed')
              }
            }}
          >
            {t('invitations.newCode.copy')}
          </Button>
        ) : null}
        <span aria-live="polite" className="text-sm">
          {copied === 'yes' ? t('invitations.newCode.copied') : copied === 'failed' ? t('invitations.newCode.copyFailed') : ''}
        </span>
      </div>
    </div>
  )
}
