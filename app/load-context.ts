import '@remix-run/node'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** CSP nonce of this response, for inline scripts. */
    cspNonce: string
    /** The client's address as Express sees it, for per-client rate limits. */
    clientIp: string
  }
}
export {}
