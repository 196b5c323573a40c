/**
 * `@simplewebauthn/server`, loaded on the first passkey ceremony rather than at start: it brings
 * X.509 and ASN.1 parsers for attestation formats we do not use, about 29 MB of RSS and a second
 * of start-up on this machine (measured with `process.memoryUsage()` around the import), which a
 * server that nobody uses a passkey on need not pay. Later calls get the loaded module.
 */
let loading: Promise<typeof import('@simplewebauthn/server')> | undefined
export const webAuthnServer = () => (loading ??= import('@simplewebauthn/server'))
