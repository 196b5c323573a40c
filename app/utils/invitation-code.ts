/**
 * The shape of an invitation code (spec: 6 characters), shared by the browser and the server, by
 * the sign-up form (auth) and the invitation services. It imports nothing of ours.
 */

export const INVITATION_CODE_LENGTH = 6

/**
 * 28 characters without look-alikes: of every confusable set at most one member is kept
 * (0/O, 1/I/L are all gone; 2, 5 and 8 stay while Z, S and B go), so a code read aloud or
 * from paper has one spelling.
 */
export const INVITATION_CODE_ALPHABET = '23456789ACDEFGHJKMNPQRTUVWXY'

/** Typed characters that can only mean a character of the alphabet. */
const LOOK_ALIKES: Record<string, string> = { S: '5', Z: '2', B: '8' }

/** How a typed code is compared: trimmed, upper case, inner spaces and dashes dropped, look-alikes mapped. */
export function normalizeCode(code: string) {
  return code
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/[SZB]/g, (c) => LOOK_ALIKES[c]!)
}

const codePattern = new RegExp(`^[${INVITATION_CODE_ALPHABET}]{${INVITATION_CODE_LENGTH}}$`)

/** Whether a typed code has the shape of a code: 6 characters of the alphabet once normalized. */
export const isWellFormedCode = (code: string) => codePattern.test(normalizeCode(code))
