// ESLint 9 flat config: typescript-eslint's recommended rules, the rules of hooks and jsx-a11y's
// recommended rules. `npm run lint` (part of `npm test`). Formatting is Prettier's job, not ESLint's.
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
  reactHooks.configs.flat.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
)
