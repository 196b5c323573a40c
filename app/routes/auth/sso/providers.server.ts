import { configuredProviders } from '~/auth/sso/config.server'
import { PROVIDER_LABELS } from '~/services/accounts/user-identities.server'

/** The configured providers as the sign-in screens list them (unconfigured ones are hidden). */
export const providerLinks = (only?: (id: string) => boolean) =>
  configuredProviders()
    .filter((p) => !only || only(p.id))
    .map((p) => ({ id: p.id, label: PROVIDER_LABELS[p.id] }))
