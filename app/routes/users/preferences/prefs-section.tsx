import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { sectionClass } from '~/ui/section'
import { useIntentPending } from '~/ui/use-intent-pending'

/**
 * The pieces every form of the preferences screens shares: its section, its errors and its
 * button. No conform or zod in the browser: the preferences forms validate on the server (ADR 018,
 * ./prefs-form.ts).
 */
export function PrefsSection({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={sectionClass}>
      <h2 id={`${id}-title`} className="mb-1 text-lg font-semibold">
        {title}
      </h2>
      {intro ? <div className="mb-3 text-sm text-slate-600">{intro}</div> : <div className="mb-2" />}
      {children}
    </section>
  )
}

/** A form's own errors (not a field's): e.g. too many attempts. */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation()
  if (!errors?.length) return null
  return (
    <Alert tone="error" id={id}>
      {errors.map((e) => (
        <p key={e}>{t(e)}</p>
      ))}
    </Alert>
  )
}

export function SaveButton({
  intent,
  children,
  variant,
}: {
  intent: string
  children: ReactNode
  variant?: 'primary' | 'secondary' | 'danger'
}) {
  const pending = useIntentPending(intent)
  return (
    <div>
      <Button type="submit" pending={pending} variant={variant}>
        {children}
      </Button>
    </div>
  )
}
