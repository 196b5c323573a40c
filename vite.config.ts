import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { readFileSync } from 'node:fs'
import { defineConfig, type Plugin } from 'vite'

// The build id (app/browser/build-id.ts): set once per process, so the browser and the server
// bundles of one `npm run build` (each evaluates this file) carry the same one. BUILD_ID may be
// given (a CI's commit); it must start with the package's x.y.z for the version check's majors.
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
process.env.BUILD_ID ??= `${version}+${Date.now().toString(36)}`

/**
 * The licence notices of the browser's third-party code (React's, Remix's, ...) in one file,
 * /third-party-licenses.txt, each once, instead of in the scripts: @remix-run/react alone
 * repeats its notice in a dozen modules, ~9 kB on every page (~0.45 kB gzip). Collected before
 * terser, which then drops every comment (`format.comments: false` below).
 */
function licenseNotices(): Plugin {
  const notices = new Set<string>()
  return {
    name: 'license-notices',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    renderChunk(code) {
      for (const comment of code.match(/\/\*[*!][\s\S]*?\*\//g) ?? []) {
        if (/@license|@preserve|^\/\*!|copyright/i.test(comment))
          notices.add(
            comment
              .replace(/^\/\*[*!]?|\*\/$/g, '')
              .replace(/^\s*\* ?/gm, '')
              .trim(),
          )
      }
      return null
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'third-party-licenses.txt', source: `${[...notices].sort().join('\n\n---\n\n')}\n` })
    },
  }
}

/**
 * ADR 021: in the browser, `i18next` and `react-i18next` are our own small files
 * (app/i18n/browser/), which do what the messages and components use: ~14 kB gzip less on every page.
 * The server (SSR), the tests and the types keep the real packages. Pre-enforced, so Vite's
 * dependency scan and pre-bundling never see the real ones for the browser either.
 */
function browserI18next(): Plugin {
  const own: Record<string, string> = {
    i18next: new URL('./app/i18n/browser/i18next.ts', import.meta.url).pathname,
    'react-i18next': new URL('./app/i18n/browser/react-i18next.ts', import.meta.url).pathname,
  }
  return {
    name: 'browser-i18next',
    enforce: 'pre',
    resolveId: (source, _importer, options) => (options?.ssr ? null : (own[source] ?? null)),
  }
}

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  define: { __BUILD_ID__: JSON.stringify(process.env.BUILD_ID) },
  build: {
    target: 'es2022',
    // terser saves ~7 % over esbuild's minifier: it keeps /signin within its JavaScript budget.
    minify: isSsrBuild ? false : 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    rollupOptions: {
      output: {
        // The small modules every page needs travel as one file: fewer requests, better gzip.
        manualChunks: isSsrBuild
          ? undefined
          : (id: string) => {
              if (
                /\/app\/(ui\/(alert|button|field|format|server-form|retry-countdown|error-screen|nonce|toaster)|i18n\/config)\.tsx?$/.test(
                  id,
                )
              )
                return 'shared'
              // ... and so do these (every page's root, error boundary, tab title and language switch).
              if (
                /\/app\/ui\/(route-error-boundary|root-data|use-hydrated|language-switch|layout\/(header-counts|tab-title|screens))\.tsx?$/.test(
                  id,
                )
              )
                return 'shared'
              // The signed-in layout (header, profile menu, side menu and its role icons): one file.
              if (
                /\/app\/ui\/(avatar|group-role|disclosure-menu|layout\/(header|profile-menu|side-menu|breadcrumbs|count-badge))\.tsx?$/.test(
                  id,
                )
              )
                return 'signed-in'
              // The confirmation button of destructive actions (its dialog stays lazy) and its no-JS panel.
              if (/\/app\/ui\/confirm-(dialog|panel)\.tsx?$/.test(id)) return 'confirm'
              // The small modules the profile and preference screens share.
              if (/\/app\/routes\/users\/(user-id|section|preferences\/prefs-section)\.tsx?$/.test(id)) return 'users'
              // The list screens' bulk bar and list controls: one file.
              if (/\/app\/ui\/(bulk|list-controls)\.tsx?$/.test(id)) return 'lists'
              // The browser's i18next and react-i18next (ADR 021).
              if (/\/app\/i18n\/browser\/(i18next|react-i18next)\.ts$/.test(id)) return 'shared'
              // Vite's helper for import() (every page loads it): one file less to fetch and gzip.
              if (id.includes('vite/preload-helper')) return 'shared'
            },
      },
    },
  },
  server: { hmr: process.env.NODE_ENV !== 'test' },
  // Development: the browser's dependencies are bundled up front (discovering them late reloads
  // the page with two copies of React); server-only packages are never bundled for the browser.
  optimizeDeps: {
    include: ['@conform-to/react', '@conform-to/zod', 'zod', 'react-idle-timer'],
    exclude: ['@node-rs/argon2', 'better-sqlite3', 'pg', 'nodemailer', 'kysely', '@remix-run/node', 'remix-i18next/server'],
  },
  plugins: [
    browserI18next(),
    licenseNotices(),
    tailwindcss(),
    remix({
      ignoredRouteFiles: ['**/*'],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
  ],
}))
