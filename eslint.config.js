// ESLint 9 flat config (`npm run lint`, part of `npm test`): typescript-eslint's recommended rules,
// the rules of hooks and jsx-a11y's recommended rules. Formatting is Prettier's (`npm run format`).
// Not type-aware: the type-checked preset took 81 s on two cores against 32 s (docs/testing.md);
// `tsc --noEmit` already runs before it.
import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: ['build/', 'public/', 'data/', '.cache/', 'test-results/', 'playwright-report/', 'bench/results/', '**/__types_probe.ts'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The two rules of hooks. The plugin's other recommended rules (refs, purity,
      // set-state-in-effect, ...) check that a component can be compiled by the React Compiler,
      // which this app does not use (React 18): they flag patterns that are right without it, such
      // as a hydration flag set in an effect (the server's HTML and the first client render must
      // match). Revisit with React 19 and the compiler.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // A name starting with _ is unused on purpose (a parameter kept for its position); a key left
      // out of a rest object (`const { secret, ...rest } = row`) is how fields are dropped here.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // autofocus is used only where the focus belongs: the first button of a <dialog> as it opens
      // (what the HTML standard recommends for dialogs), the only field of the invitation code
      // screen, and the field a server answer marked invalid. Each is covered by axe in the browser tests.
      'jsx-a11y/no-autofocus': 'off',
      // A label's text may sit three levels down (label > span > span > text: a radio's title and hint).
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  {
    // Kysely's migrations take Kysely<any> on purpose: a migration must not depend on today's schema types.
    files: ['app/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests (and the SCIM conformance client) read JSON answers as they come: a wrong shape fails
    // the test's own assertion, which is the check.
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**', 'scripts/scim-conformance.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Playwright's fixtures call their argument `use`: not React's hook.
    files: ['tests/e2e/**', 'tests/support/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
)
