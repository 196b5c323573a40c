import { useRouteLoaderData } from '@remix-run/react'

/** What the organization layout (layout.tsx) loads for every organization screen. */
export type OrganizationLayoutData = { org: { id: string; name: string; active: boolean } | null }

/** The organization of the screen, from its layout; `active` false hides what would fail (ORGANIZATION_INACTIVE). */
export function useOrganization() {
  return (useRouteLoaderData('routes/organizations/layout') as OrganizationLayoutData | undefined)?.org ?? null
}
