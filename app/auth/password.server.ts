// Loaded on first use: most requests never hash, and the native module costs memory.
const argon2 = () => import('@node-rs/argon2')

// argon2id (algorithm 2) with OWASP's minimum: 19 MiB, t = 2, p = 1.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = async (password: string) => (await argon2()).hash(password, OPTIONS)

// Verified against when no account matches, so a missing account takes as long as a wrong password.
let dummyHash: Promise<string> | undefined

export async function verifyPassword(passwordHash: string | null | undefined, password: string) {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password')
    const { verify } = await argon2()
    await verify(await dummyHash, password).catch(() => false)
    return false
  }
  const { verify } = await argon2()
  return verify(passwordHash, password).catch(() => false)
}
