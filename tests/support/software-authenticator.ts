import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'

/**
 * A software WebAuthn authenticator for the tests: an ES256 (P-256) key pair per passkey, and
 * responses built byte by byte as an authenticator and a browser would (authenticatorData,
 * clientDataJSON, a "none" attestation in CBOR, an ECDSA signature), so the server's
 * verification (@simplewebauthn/server) runs for real. Options let a test break one thing at a
 * time: another origin or RP id, no user verification, another user handle.
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()

/** The CBOR this needs (RFC 8949): unsigned and negative integers, byte and text strings, maps. */
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n])
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n])
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff])
  const b = Buffer.alloc(5)
  b[0] = (major << 5) | 26
  b.writeUInt32BE(n, 1)
  return b
}
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8')
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value])
  const parts = [head(5, value.size)]
  for (const [k, v] of value) parts.push(cbor(k), cbor(v))
  return Buffer.concat(parts)
}

const FLAG_UP = 0x01
const FLAG_UV = 0x04
const FLAG_BE = 0x08
const FLAG_BS = 0x10
const FLAG_AT = 0x40

export interface SoftPasskey {
  credentialId: string
  userHandle: string
  rpId: string
  privateKey: KeyObject
  coseKey: Buffer
  counter: number
}

export interface CeremonyOptions {
  origin: string
  rpId?: string
  userVerified?: boolean
  backedUp?: boolean
  type?: string
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer) {
  const count = Buffer.alloc(4)
  count.writeUInt32BE(counter)
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)])
}

const flagsOf = (o: CeremonyOptions) => FLAG_UP | (o.userVerified === false ? 0 : FLAG_UV) | (o.backedUp ? FLAG_BE | FLAG_BS : 0)

const clientData = (type: string, challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8')

/**
 * Answers registration options (PublicKeyCredentialCreationOptionsJSON) as a platform
 * authenticator: a new discoverable ES256 credential for the options' user.
 */
export function createPasskey(options: { challenge: string; rp: { id?: string }; user: { id: string } }, o: CeremonyOptions) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const coseKey = cbor(
    new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  )
  const rawId = randomBytes(32)
  const rpId = o.rpId ?? options.rp.id ?? new URL(o.origin).hostname
  const idLength = Buffer.alloc(2)
  idLength.writeUInt16BE(rawId.length)
  const attested = Buffer.concat([Buffer.alloc(16) /* aaguid */, idLength, rawId, coseKey])
  const authData = authenticatorData(rpId, flagsOf(o) | FLAG_AT, 0, attested)
  const attestationObject = cbor(
    new Map<Cbor, Cbor>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  )
  const passkey: SoftPasskey = { credentialId: b64url(rawId), userHandle: options.user.id, rpId, privateKey, coseKey, counter: 0 }
  const response = {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: 'public-key' as const,
    authenticatorAttachment: 'platform' as const,
    clientExtensionResults: { credProps: { rk: true } },
    response: {
      clientDataJSON: b64url(clientData(o.type ?? 'webauthn.create', options.challenge, o.origin)),
      attestationObject: b64url(attestationObject),
      transports: ['internal' as const],
    },
  }
  return { passkey, response }
}

/** Answers sign-in options (PublicKeyCredentialRequestOptionsJSON) with the passkey: a signed assertion. */
export function assertPasskey(
  passkey: SoftPasskey,
  options: { challenge: string },
  o: CeremonyOptions & { userHandle?: string; counter?: number },
) {
  passkey.counter = o.counter ?? passkey.counter + 1
  const authData = authenticatorData(o.rpId ?? passkey.rpId, flagsOf(o), passkey.counter)
  const clientDataJSON = clientData(o.type ?? 'webauthn.get', options.challenge, o.origin)
  const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey)
  return {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: 'public-key' as const,
    authenticatorAttachment: 'platform' as const,
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: o.userHandle ?? passkey.userHandle,
    },
  }
}
