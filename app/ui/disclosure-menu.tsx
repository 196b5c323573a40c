import { useEffect, useRef, type ReactNode, type RefObject } from 'react'

/**
 * Once hydrated, an open <details> closes on a click outside it, on Escape (focus back on its
 * summary) and when a link in it is followed or its backdrop (`data-dismiss`) clicked (spec
 * section 4: menu states).
 */
export function useClosingDetails(ref: RefObject<HTMLDetailsElement | null>) {
  useEffect(() => {
    const details = ref.current
    if (!details) return
    const close = () => details.removeAttribute('open')
    const onPointer = (e: PointerEvent) => {
      if (details.open && !details.contains(e.target as Node)) close()
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && details.open) {
        close()
        details.querySelector('summary')?.focus()
      }
    }
    const onClick = (e: MouseEvent) => {
      if ((e.target as HTMLElement).closest('a, [data-dismiss]')) close()
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    details.addEventListener('click', onClick)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
      details.removeEventListener('click', onClick)
    }
  }, [ref])
}

/**
 * A menu that works before JavaScript loads: a native <details> element. Once hydrated it also
 * closes on an outside click, on Escape (focus back on the button) and when a link is followed.
 */
export function DisclosureMenu({ summary, label, children }: { summary: ReactNode; label: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null)
  useClosingDetails(ref)
  return (
    <details ref={ref} className="relative [&_summary::-webkit-details-marker]:hidden">
      <summary aria-label={label} className="flex cursor-pointer list-none items-center gap-2 rounded-full p-1 hover:bg-slate-100">
        {summary}
      </summary>
      <div className="absolute right-0 z-40 mt-1 w-60 rounded-md bg-white py-1 shadow-lg ring-1 ring-slate-200">{children}</div>
    </details>
  )
}
