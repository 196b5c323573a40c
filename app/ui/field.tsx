import { useId, type ComponentProps, type InputHTMLAttributes, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 aria-[invalid=true]:border-red-600'

/** A file input: its "Choose file" button drawn as the product's secondary button, the chosen file's name beside it. */
export const fileInputClass =
  'block w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-solid file:border-slate-300 file:bg-white file:px-4 file:py-2 file:text-sm file:font-medium file:text-slate-900 file:hover:bg-slate-100'

/** Translated field errors under an input, tied to it by aria-describedby. */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation()
  if (!errors?.length) return null
  return (
    <ul id={id} className="mt-1 text-sm text-red-700">
      {errors.map((e) => (
        <li key={e}>{t(e)}</li>
      ))}
    </ul>
  )
}

interface FieldProps {
  label: ReactNode
  errors?: string[]
  hint?: ReactNode
  inputProps: InputHTMLAttributes<HTMLInputElement>
}

export function Field({ label, errors, hint, inputProps }: FieldProps) {
  const fallbackId = useId()
  const id = inputProps.id ?? fallbackId
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [errors?.length ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  )
}

export function SelectField({
  label,
  errors,
  selectProps,
  children,
}: {
  label: ReactNode
  errors?: string[]
  selectProps: ComponentProps<'select'>
  children: ReactNode
}) {
  const fallbackId = useId()
  const id = selectProps.id ?? fallbackId
  const errorId = `${id}-error`
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        {...selectProps}
        id={id}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        className={inputClass}
      >
        {children}
      </select>
      <FieldErrors id={errorId} errors={errors} />
    </div>
  )
}
