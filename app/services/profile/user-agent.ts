/**
 * The browser and operating system named by a User-Agent, for the list of a user's sessions: only
 * shown, never trusted, so a rough reading of the common browsers is enough. Order matters: Edge
 * and Opera also say "Chrome", Chrome also says "Safari", Android also says "Linux".
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* .*Safari\//, 'Safari'],
]

const SYSTEMS: [RegExp, string][] = [
  [/Windows NT/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
]

export function deviceOf(userAgent: string | null): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null }
  let browser: string | null = null
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(userAgent)
    if (match) {
      browser = `${name} ${match[1]}`
      break
    }
  }
  const os = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null
  return { browser, os }
}

/**
 * The browser family of a User-Agent: the browser's name without its version and the system,
 * e.g. "Firefox|Linux" ("?" for a part it does not name). A sign-in from a family the user has
 * not signed in from before sends the "new browser" notice (security-notices.server.ts).
 */
export function browserFamily(userAgent: string | null): string {
  const { browser, os } = deviceOf(userAgent)
  return `${browser?.replace(/ \d+$/, '') ?? '?'}|${os ?? '?'}`
}
