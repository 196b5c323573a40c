import { AppLink } from '../app-link'
import { badgeText } from './header-counts'

/**
 * A count beside a link ("99+" past 99), nothing at zero. `label` is what a screen reader hears
 * (e.g. "3 new"); the digits themselves are hidden from it.
 */
export function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null
  return (
    <>
      <span
        aria-hidden
        data-count-badge
        className="ml-1 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-semibold leading-5 text-white"
      >
        {badgeText(count)}
      </span>
      <span className="sr-only">({label})</span>
    </>
  )
}

/**
 * A count that is a link of its own (to the inbox's section it counts), beside the link it belongs
 * to: "2" to the eye, `label` (e.g. "2 group invitations") to a screen reader. Nothing at zero.
 */
export function CountBadgeLink({ count, label, to }: { count: number; label: string; to: string }) {
  if (count <= 0) return null
  return (
    <AppLink
      to={to}
      data-count-badge
      className="inline-flex min-h-6 min-w-6 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-semibold leading-5 text-white hover:bg-red-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <span aria-hidden>{badgeText(count)}</span>
      <span className="sr-only">{label}</span>
    </AppLink>
  )
}
