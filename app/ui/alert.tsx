import type { ReactNode } from 'react'

const tones = {
  error: 'border-red-600 bg-red-50 text-red-900',
  success: 'border-green-600 bg-green-50 text-green-900',
  info: 'border-brand-600 bg-brand-50 text-slate-900',
}

/** A message block; errors are announced to screen readers at once. */
export function Alert({ tone, children, id }: { tone: keyof typeof tones; children: ReactNode; id?: string }) {
  return (
    <div id={id} role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border-l-4 px-4 py-3 ${tones[tone]}`}>
      {children}
    </div>
  )
}
