import { useEffect, useId, useRef, useState } from 'react'
import { Button } from './button'
import { useHydrated } from './use-hydrated'

/**
 * A code shown once (an open invitation's): a read-only field that selects itself on focus, and
 * with JavaScript a copy button whose outcome is announced. With JavaScript the field takes the
 * focus when it appears (so it is in view, selected, and read out with `describedBy`, the
 * panel's text); without, its text is selectable. Texts come from the caller's area.
 */
export function CopyableCode({
  code,
  texts,
  testId,
  describedBy,
  long = false,
}: {
  code: string
  texts: { label: string; copy: string; copied: string; copyFailed: string }
  testId?: string
  describedBy?: string
  /** A long secret (a directory token) in a smaller, full-width field. */
  long?: boolean
}) {
  const hydrated = useHydrated()
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    // After the frame: a dialog that closes in the same update (the form that made the code) gives the focus back to its opener first.
    const frame = requestAnimationFrame(() => input.current?.focus())
    return () => cancelAnimationFrame(frame)
  }, [code])
  return (
    <>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
        {texts.label}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={inputId}
          aria-describedby={describedBy}
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
