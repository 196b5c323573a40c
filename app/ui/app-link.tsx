import { createPath, useLocation, useNavigate } from '@remix-run/react'
import { useCallback, type AnchorHTMLAttributes, type MouseEvent } from 'react'

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>

/**
 * Links of the signed-in layout and of its lists: the header, the side menu, the breadcrumbs,
 * sort headers, pagination and list rows (ADR 019). An AppLink is a plain `<a>` with an absolute
 * path; it navigates on the client through one handler on the layout's root
 * (`useAppLinkNavigation`, app-layout.tsx) instead of a `<Link>` each, whose hooks (path
 * resolution, location, navigate and discovery) cost ~25 µs per link on the server: 30 groups in
 * the side menu were ~0.75 ms of every signed-in page. `data-discover` lets Remix fetch the route
 * of a rendered link ahead of its click, as it does for `<Link>` (lazy route discovery).
 *
 * Outside the layout (the auth screens, the root's error screen) use `<Link>`: there an AppLink
 * still works, as a full page load.
 */
export function AppLink({ to, children, ...props }: AnchorProps & { to: string }) {
  return (
    <a href={to} data-discover="true" {...props}>
      {children}
    </a>
  )
}

/** Whether a click is a plain one the browser would follow in this tab (what `<Link>` takes over). */
function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey
}

/**
 * The click handler for an element that holds AppLinks (the layout's root): a plain click on one
 * (an `a[data-discover]`) navigates on the client like `<Link>` (the same URL again replaces the
 * history entry, as a browser does). Clicks a `<Link>` or a form already handled
 * (defaultPrevented), clicks with a modifier or another button, links with a target or a
 * download, and other origins are left to the browser.
 */
export function useAppLinkNavigation() {
  const navigate = useNavigate()
  const location = useLocation()
  const here = createPath(location)
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || !isPlainClick(event)) return
      const link = (event.target as Element).closest?.('a[data-discover]')
      if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return
      if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return
      const to = link.getAttribute('href')
      if (!to?.startsWith('/') || to.startsWith('//')) return
      event.preventDefault()
      navigate(to, { replace: to === here })
    },
    [navigate, here],
  )
}

/**
 * An AppLink in a navigation (tabs, the header's sections, the side menu): marked
 * `aria-current="page"` when it is the current page, and `className` may depend on that, as with
 * NavLink.
 */
export function AppNavLink({
  to,
  end,
  className,
  ...props
}: Omit<AnchorProps, 'className'> & { to: string; end?: boolean; className: (state: { isActive: boolean }) => string }) {
  const { pathname } = useLocation()
  const isActive = isCurrentPath(pathname, to, end)
  return <AppLink to={to} className={className({ isActive })} aria-current={isActive ? 'page' : undefined} {...props} />
}

/** Whether `to` is the page at `pathname` (with `end`, only exactly; otherwise also a page under it), as NavLink decides. */
export function isCurrentPath(pathname: string, to: string, end = false) {
  const path = to.length > 1 && to.endsWith('/') ? to.slice(0, -1) : to
  if (pathname === path) return true
  return !end && path !== '/' && pathname.startsWith(`${path}/`)
}
