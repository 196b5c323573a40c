import type { ReactNode } from 'react'

/** The card a section sits in on the profile, preference and organization home screens. */
export const sectionClass = 'rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200'

/**
 * A page's section: a `<section>` named by its `<h2>` (aria-labelledby), with an optional intro
 * paragraph under the heading. `titleId` is the heading's id (a link may point at it).
 */
export function Section({
  titleId,
  title,
  intro,
  className,
  children,
}: {
  titleId: string
  title: ReactNode
  intro?: ReactNode
  /** The section's own classes (a card, a width, ...). */
  className?: string
  children?: ReactNode
}) {
  return (
    <section aria-labelledby={titleId} className={className}>
      <h2 id={titleId} className={`${intro ? 'mb-1' : 'mb-3'} text-lg font-semibold`}>
        {title}
      </h2>
      {intro ? <p className="mb-3 text-sm text-slate-700">{intro}</p> : null}
      {children}
    </section>
  )
}
