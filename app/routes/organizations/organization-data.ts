import { useRouteLoaderData } from '@remix-run/react'

import type { OrganizationAccess } from '~/services/organizations/organizations.server'

/**
 * What the organization layout (layout.tsx) loads for every organization screen. `access` is the
 * actor's: admins see every screen; group creators only the home, as what they may create there.
 */
export type OrganizationLayoutData = { org: { id: string; name: string; active: boolean; access: OrganizationAccess } | null }

/** The organization of the screen, from its layout; `active` false hides what would fail (ORGANIZATION_INACTIVE). */
export function useOrganization() {
  return (useRouteLoaderData('routes/organizations/layout') as OrganizationLayoutData | undefined)?.org ?? null
}
