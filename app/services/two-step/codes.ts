/**
 * What the code fields accept, shared by server and browser: an authenticator code is 6 digits
 * (spaces allowed, as apps show "123 456"); a recovery code is 24 letters and digits, shown as
 * four groups of six ("k7q2mx-9p4dwe-h3nt8r-bc5fzu"), taken in any case, with or without the
 * dashes. Codes made before migration 037's release are 10 characters ("k7q2m-x9p4d") and are
 * still taken until they are used or replaced (docs/auth.md "Recovery codes").
 */
export const TOTP_DIGITS = 6
export const normalizeCode = (value: string) => value.replace(/[\s-]/g, '').toLowerCase()
export const isTotpCode = (value: string) => /^\d{6}$/.test(normalizeCode(value))
export const RECOVERY_CODE_LENGTH = 24
export const LEGACY_RECOVERY_CODE_LENGTH = 10
export const isRecoveryCode = (value: string) => {
  const code = normalizeCode(value)
  return (
    (code.length === RECOVERY_CODE_LENGTH || code.length === LEGACY_RECOVERY_CODE_LENGTH) && /^[a-z0-9]+$/.test(code) && !isTotpCode(code)
  )
}
