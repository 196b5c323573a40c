import { useId, useState } from 'react'
import { Button } from './button'
import { useHydrated } from './use-hydrated'

/**
 * A code shown once (an open invitation's): a read-only field that selects itself on focus, and
 * with JavaScript a copy button whose outcome is announced. Texts come from the caller's area.
 */
export function CopyableCode({
  code,
  texts,
  testId,
  long = false,
}: {
  code: string
  texts: { label: string; copy: string; copied: string; copyFailed: string }
  testId?: string
  /** A long secret (a directory token) in a smaller, full-width field. */
  long?: boolean
}) {
  const hydrated = useHydrated()
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const inputId = useId()
  return (
    <>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
        {texts.label}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={inputId}
          readOnly
          value={code}
          data-testid={testId}
          onFocus={(e) => e.currentTarget.select()}
          className={`rounded-md border border-slate-300 bg-white px-3 py-2 font-mono select-all ${long ? 'w-full max-w-xl text-sm' : 'w-44 text-2xl tracking-[0.3em]'}`}
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
            {texts.copy}
          </Button>
        ) : null}
        <span aria-live="polite" className="text-sm">
          {copied === 'yes' ? texts.copied : copied === 'failed' ? texts.copyFailed : ''}
        </span>
      </div>
    </>
  )
}
