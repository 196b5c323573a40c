import { hkdfSync } from 'node:crypto'
import { compactDecrypt, CompactEncrypt } from 'jose'
import { env } from '~/env.server'

/**
 * Encryption of what the server keeps for single sign-on (refresh and ID tokens, the pending
 * sign-up, the flow of a sign-in): JWE (dir, A256GCM) with a key derived from SESSION_SECRET
 * (HKDF-SHA256). Every secret of a rotation decrypts; the first encrypts.
 */
const keys = new Map<string, Uint8Array>()
function keyOf(secret: string, purpose: string) {
  const id = `${purpose}:${secret}`
  let key = keys.get(id)
  if (!key) {
    key = new Uint8Array(hkdfSync('sha256', secret, 'groups-sso', purpose, 32))
    keys.set(id, key)
  }
  return key
}

export async function seal(value: unknown, purpose: string): Promise<string> {
  const plaintext = new TextEncoder().encode(JSON.stringify(value))
  return new CompactEncrypt(plaintext).setProtectedHeader({ alg: 'dir', enc: 'A256GCM' }).encrypt(keyOf(env().SESSION_SECRETS[0]!, purpose))
}

export async function unseal<T>(sealed: string | null | undefined, purpose: string): Promise<T | null> {
  if (!sealed) return null
  for (const secret of env().SESSION_SECRETS) {
    try {
      const { plaintext } = await compactDecrypt(sealed, keyOf(secret, purpose))
      return JSON.parse(new TextDecoder().decode(plaintext)) as T
    } catch {
      // another secret of the rotation, or not ours
    }
  }
  return null
}
