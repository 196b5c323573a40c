/**
 * The organizations' limits, apart from their zod schemas (organizations.schemas.ts) so that the
 * screens that only need a limit do not bring zod into the browser.
 */

export const ORGANIZATION_NAME_MAX = 200

/** Who must have two-step verification or a passkey (docs/auth.md "Organization policy"). */
export const TWO_STEP_POLICIES = ['off', 'admins', 'admins-and-group-creators'] as const
