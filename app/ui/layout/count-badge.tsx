import { badgeText } from './header-counts'

/**
 * A count beside a link ("99+" past 99), nothing at zero. `label` is what a screen reader hears
 * (e.g. "3 new"); the digits themselves are hidden from it.
 */
export function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null
  return (
    <>
      <span aria-hidden data-count-badge className="ml-1 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-semibold leading-5 text-white">
        {badgeText(count)}
      </span>
      <span className="sr-only">({label})</span>
    </>
  )
}
