/**
 * The WebAuthn user handle of an account: the bytes of its random id (no email, no name), given
 * at registration and returned by the authenticator at sign-in, where it must name the passkey's owner.
 */
export const userHandleOf = (userId: string) => new TextEncoder().encode(userId)

/** The user handle as the browser's JSON carries it (base64url). */
export const userHandleJsonOf = (userId: string) => Buffer.from(userId, 'utf8').toString('base64url')
