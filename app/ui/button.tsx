import type { ButtonHTMLAttributes } from 'react'

const variants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-slate-400',
  secondary: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 disabled:text-slate-400 disabled:hover:bg-white',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400',
  link: 'text-brand-700 underline hover:text-brand-600',
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof variants
  /** Shows a busy state and blocks double submits while the form is being sent. */
  pending?: boolean
}

/** The look of a button, for a link that leads somewhere but looks like one. */
export const buttonClass = (variant: keyof typeof variants = 'primary') =>
  `${variant === 'link' ? '' : 'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 font-medium'} ${variants[variant]}`

export function Button({ variant = 'primary', pending, className = '', children, disabled, ...rest }: ButtonProps) {
  return (
    <button {...rest} disabled={disabled || pending} aria-busy={pending || undefined} className={`${buttonClass(variant)} ${className}`}>
      {pending ? <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden /> : null}
      {children}
    </button>
  )
}
