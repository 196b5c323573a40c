/**
 * What the code fields accept, shared by server and browser: an authenticator code is 6 digits
 * (spaces allowed, as apps show "123 456"); a recovery code is 10 letters and digits, shown as
 * two groups of five ("k7q2m-x9p4d"), taken in any case, with or without the dash.
 */
export const TOTP_DIGITS = 6
export const normalizeCode = (value: string) => value.replace(/[\s-]/g, '').toLowerCase()
export const isTotpCode = (value: string) => /^\d{6}$/.test(normalizeCode(value))
export const isRecoveryCode = (value: string) => /^[a-z0-9]{10}$/.test(normalizeCode(value)) && !isTotpCode(value)
