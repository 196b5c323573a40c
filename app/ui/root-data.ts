import { useRouteLoaderData } from '@remix-run/react'
import type { Locale } from '~/i18n/config'
import type { HeaderCountsData } from './layout/header-counts'
import type { ToastData } from './toaster'

/** The signed-in user as every page knows it (the root loader's `user`). */
export interface CurrentUserSummary {
  id: string
  name: string
  email: string
  profilePic: string | null
  /** users.is_platform_admin: the profile menu links the platform screens (docs/platform.md). */
  isPlatformAdmin?: boolean
  autoSignout: { isActive: boolean; timeoutSeconds: number }
}

/**
 * What the root loader gives every page: the shape lives here, below the routes, so that
 * components read it without importing root.tsx (which the root loader is checked against).
 */
export interface RootData {
  locale: Locale
  brand: string
  /** The user's timezone, or the default when signed out. */
  timezone: string
  user: CurrentUserSummary | null
  /** The header's counts and the tab title's number (signed in only). */
  counts: HeaderCountsData | null
  toast: ToastData | null
  /** Whether this page sends telemetry: false when the signed-in user opted out (browser/background-work.tsx). */
  telemetry: boolean
}

/** The root's data from anywhere (undefined while an error is shown without it). */
export const useRootData = () => useRouteLoaderData('root') as RootData | undefined
