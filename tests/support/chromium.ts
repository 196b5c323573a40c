/**
 * Debian's Chromium (`apt-get install chromium`; Playwright's own download does not work here) and
 * the flags it needs on this machine: without the background-networking ones it keeps trying to
 * reach Google's hosts through a closed network. Shared by the browser tests and the benchmark's
 * Lighthouse runs. CHROMIUM_PATH overrides the path.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
