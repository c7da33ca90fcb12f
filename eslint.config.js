import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'build',
      'public/build',
      'build-dev',
      'public/build-dev',
      '.cache',
      'test-results',
      'playwright-report',
      'bench-results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(only|skip|fixme)$/][callee.object.name=/^(test|it|describe)$/]',
          message: 'No focused or skipped tests.',
        },
      ],
    },
  },
  {
    // Layers match folders: the backend transport and its area modules sit
    // below the session; a handler hands them the member's calls in `ctx`.
    files: ['app/backend/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['~/session', '~/session/*', '../session', '../session/*'],
              message:
                'Layer rule: app/backend/ sits below app/session/ and imports nothing of it. Take the member from `ctx` (MemberContext, memberCall in backend/client.server.ts); the session implements MemberCaller.',
            },
          ],
        },
      ],
    },
  },
  {
    // The request pipeline and its infrastructure sit at the bottom: the small
    // helpers of lib/ and nothing of the layers above them.
    files: ['app/server/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['~/backend/*', '~/session/*', '~/forms/*', '~/ui/*', '~/routes/*'],
              message:
                'Layer rule: app/server/ (the request pipeline) imports only app/lib/ and itself; the layers above it import it.',
            },
          ],
        },
      ],
    },
  },
  {
    // Small helpers shared by the browser and the server: no layer of the app.
    files: ['app/lib/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['~/server/*', '~/session/*', '~/forms/*', '~/ui/*', '~/routes/*'],
              message:
                'Layer rule: app/lib/ holds small helpers; they import only each other (and backend schema types).',
            },
          ],
        },
      ],
    },
  },
  {
    // Components show what they are given: no session, no backend call.
    files: ['app/ui/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['~/session/*', '~/server/*', '~/routes/*'],
              message:
                'Layer rule: app/ui/ holds components; the data comes from a route loader (useLoaderData), never from the session or the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/**/*.tsx'],
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      'react/prop-types': 'off',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.configs.recommended.rules,
    },
  },
)
