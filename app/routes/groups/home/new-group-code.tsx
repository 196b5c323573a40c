import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/ui/button'
import { useFormatters } from '~/ui/format'
import { useHydrated } from '~/ui/use-hydrated'

/** The group's new open code, shown this once: a read-only field to select, and a copy button with JavaScript. */
export function NewGroupCode({ code, expires }: { code: string; expires: string }) {
  const { t } = useTranslation()
  const { dateTime } = useFormatters()
  const hydrated = useHydrated()
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const inputId = useId()
  return (
    <section className="max-w-xl rounded-md border-l-4 border-green-600 bg-green-50 p-4" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="mb-1 font-semibold">
        {t('groupHome.invite.newCodeTitle')}
      </h2>
      <p className="mb-3 text-slate-800">{t('groupHome.invite.newCodeBody', { expires: dateTime(expires) })}</p>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
        {t('groupHome.invite.newCodeLabel')}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={inputId}
          readOnly
          value={code}
          data-testid="group-code"
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
            {t('groupHome.invite.copy')}
          </Button>
        ) : null}
        <span aria-live="polite" className="text-sm">
          {copied === 'yes' ? t('groupHome.invite.copied') : copied === 'failed' ? t('groupHome.invite.copyFailed') : ''}
        </span>
      </div>
    </section>
  )
}
