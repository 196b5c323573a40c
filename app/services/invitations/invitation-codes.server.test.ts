import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { generateCode, hashCode, INVITATION_CODE_ALPHABET, isWellFormedCode, normalizeCode } from './invitation-codes.server'
import { RedeemCodeSchema } from './invitations.schemas'

describe('invitation codes', () => {
  it('uses an alphabet without look-alikes', () => {
    expect(new Set(INVITATION_CODE_ALPHABET).size).toBe(INVITATION_CODE_ALPHABET.length)
    expect(INVITATION_CODE_ALPHABET.length).toBeGreaterThanOrEqual(28)
    expect(INVITATION_CODE_ALPHABET).toBe(INVITATION_CODE_ALPHABET.toUpperCase())
    for (const pair of ['0O', '1IL', '5S', '2Z', '8B']) {
      const present = [...pair].filter((c) => INVITATION_CODE_ALPHABET.includes(c))
      expect(present.length, `of ${pair}`).toBeLessThanOrEqual(1)
    }
    for (const c of '01OIL') expect(INVITATION_CODE_ALPHABET).not.toContain(c)
  })

  it('generates 6 characters of the alphabet, spread over all of it', () => {
    const seen = new Set<string>()
    const codes = new Set<string>()
    for (let i = 0; i < 2000; i++) {
      const code = generateCode()
      expect(code).toMatch(new RegExp(`^[${INVITATION_CODE_ALPHABET}]{6}$`))
      expect(isWellFormedCode(code)).toBe(true)
      for (const c of code) seen.add(c)
      codes.add(code)
    }
    expect(seen.size).toBe(INVITATION_CODE_ALPHABET.length)
    expect(codes.size).toBeGreaterThan(1990)
  })

  it('normalizes what people type: spaces, case, dashes and look-alikes', () => {
    expect(normalizeCode('  abc-d3f ')).toBe('A8CD3F')
    expect(normalizeCode('sz b234')).toBe('528234')
    expect(isWellFormedCode('acd234')).toBe(true)
    expect(isWellFormedCode('ACD23')).toBe(false)
    expect(isWellFormedCode('ACD2340')).toBe(false)
    expect(isWellFormedCode('ACD23O')).toBe(false)
  })

  it('hashes with a key, the same for every spelling of one code', () => {
    const code = 'ACD234'
    expect(hashCode(code)).toMatch(/^[0-9a-f]{64}$/)
    expect(hashCode(' acd234 ')).toBe(hashCode(code))
    expect(hashCode('ACD235')).not.toBe(hashCode(code))
    // Not a plain SHA-256 of the code: the table alone does not give the codes away.
    expect(hashCode(code)).not.toBe(createHash('sha256').update(code).digest('hex'))
  })

  it('validates the form field: required, exactly 6 characters once normalized', () => {
    expect(RedeemCodeSchema.safeParse({ code: ' acd234 ' })).toMatchObject({ success: true, data: { code: 'ACD234' } })
    expect(RedeemCodeSchema.safeParse({ code: '' }).success).toBe(false)
    expect(RedeemCodeSchema.safeParse({}).success).toBe(false)
    expect(RedeemCodeSchema.safeParse({ code: 'ACD23' }).success).toBe(false)
    expect(RedeemCodeSchema.safeParse({ code: 'ACD2345' }).success).toBe(false)
  })
})
