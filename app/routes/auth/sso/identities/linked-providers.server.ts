import { configuredProviders } from '~/auth/sso/config.server'
import { actorOf, type Ctx } from '~/services/context.server'
import { listIdentities, PROVIDER_LABELS } from '~/services/accounts/user-identities.server'
import { waysIn } from '~/services/accounts/ways-in.server'

/** The data of <LinkedProviders>: the actor's provider accounts, the providers left to link, and whether one may go. */
export async function linkedProvidersOf(ctx: Ctx) {
  const actor = actorOf(ctx)
  const identities = (await listIdentities(ctx)).map((i) => ({ ...i, label: PROVIDER_LABELS[i.provider] ?? i.provider }))
  const linked = new Set(identities.map((i) => i.provider))
  const available = configuredProviders()
    .filter((p) => !linked.has(p.id))
    .map((p) => ({ id: p.id, label: PROVIDER_LABELS[p.id] }))
  return { identities, available, canUnlink: (await waysIn(ctx.db, actor.id)) > 1 }
}
