import '@remix-run/node'
import type { SessionState } from '~/auth/session.server'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** CSP nonce of this response, for inline scripts. */
    cspNonce: string
    /**
     * The client's address: the socket's peer, or what a proxy trusted by TRUST_PROXY says
     * (server/proxy.ts). Per-client rate limits key on it (services/context.server.ts, by /64 for IPv6).
     */
    clientIp: string
    /**
     * The request's session, read on first use and then shared by every loader and action of
     * the request (Remix clones the Request per loader, so the context is where it can live).
     * A passive request (app/auth/passive-requests.ts: polled counts, version check, telemetry)
     * is not the user's activity: it extends neither the idle session nor the last-seen time.
     */
    session: () => Promise<SessionState>
    /**
     * Answers of read-only checks shared by the loaders of one GET request (the organization
     * layout and its screen ask the same "is this an admin?"). Absent on other methods: an
     * action may change what a check answers.
     */
    memo?: Map<string, Promise<unknown>>
  }
}
export {}
