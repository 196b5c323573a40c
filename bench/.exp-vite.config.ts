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
  build: { target: "es2022", sourcemap: true },
  server: { hmr: process.env.NODE_ENV !== 'test' },
  plugins: [
    tailwindcss(),
    remix({
      buildDirectory: "/tmp/bench-build",
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
