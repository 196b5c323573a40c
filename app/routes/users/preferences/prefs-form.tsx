import { useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'

/** The pieces every form of the preferences screens shares: its section, its conform form, its errors and button. */

export const sectionClass = 'rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200'

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

/** A conform form validated by `schema` in the browser once JavaScript runs, and always on the server. */
export function usePrefsForm<S extends z.ZodTypeAny>(id: string, schema: S, lastResult: SubmissionResult<string[]> | undefined, defaultValue?: Record<string, string | undefined>) {
  return useForm({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
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

export function SaveButton({ intent, children, variant }: { intent: string; children: ReactNode; variant?: 'primary' | 'secondary' | 'danger' }) {
  const navigation = useNavigation()
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  return (
    <div>
      <Button type="submit" pending={pending} variant={variant}>
        {children}
      </Button>
    </div>
  )
}
