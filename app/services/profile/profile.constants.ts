/**
 * The limits of the automatic sign-out (docs/profile.md), apart from the schemas so that the preferences
 * screen reads them without loading zod in the browser.
 */

/** Automatic sign-out: between 5 minutes and the session's absolute lifetime (12 hours). */
export const AUTO_SIGNOUT_MIN_SECONDS = 5 * 60
export const AUTO_SIGNOUT_MAX_SECONDS = 12 * 60 * 60
/** The choices the preferences screen offers, in minutes (the API takes any value in range). */
export const AUTO_SIGNOUT_CHOICES_MINUTES = [5, 10, 15, 30, 60, 120, 240, 480, 720] as const
