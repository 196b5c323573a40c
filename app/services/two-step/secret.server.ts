import { seal, unseal } from '~/auth/sso/crypto.server'

/**
 * The authenticator key at rest: sealed (JWE dir + A256GCM) with a key derived from SESSION_SECRET
 * by HKDF-SHA256 for the purpose "totp", as the single sign-on tokens are (app/auth/sso/crypto.server.ts).
 * A copy of the database alone does not give the keys; every secret of a rotation opens them.
 */
const PURPOSE = 'totp'

export const sealTotpKey = (base32: string) => seal({ key: base32 }, PURPOSE)

export async function unsealTotpKey(sealed: string): Promise<string> {
  const value = await unseal<{ key: string }>(sealed, PURPOSE)
  if (!value) throw new Error('TOTP key cannot be opened with any SESSION_SECRET')
  return value.key
}
