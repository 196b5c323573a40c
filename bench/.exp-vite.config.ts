import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

export default defineConfig({
  resolve: { alias: { '~': '/work/main/app' } },
  build: {
    target: 'es2022', sourcemap: true,
    // terser saves ~7 % over esbuild's minifier: it keeps /signin within its JavaScript budget.
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: {
      output: {
        // The small modules every page needs travel as one file: fewer requests, better gzip.
        manualChunks(id) {
          if (/\/app\/(ui\/(alert|button|field|format|server-form|retry-countdown|error-screen|nonce|toaster)|i18n\/config)\.tsx?$/.test(id)) return 'shared'
          if (/node_modules\/react-i18next\//.test(id)) return 'shared'
        },
      },
    },
  },
  server: { hmr: process.env.NODE_ENV !== 'test' },
  plugins: [
    tailwindcss(),
    remix({
      buildDirectory: '/tmp/bench-build',
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
})
