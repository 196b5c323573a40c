/**
 * The "Confirm it's you" page (docs/auth.md), where a security change without a recent proof
 * sends the user (services/accounts/recent-proof.server.ts); `back` is where it returns to.
 */
export const REAUTH_PATH = '/confirm-identity'
export const reauthUrl = (back?: string) => (back ? `${REAUTH_PATH}?redirectTo=${encodeURIComponent(back)}` : REAUTH_PATH)
