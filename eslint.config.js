import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { LAYERS, refusal } from './scripts/lib/layers.mjs'

/** Tests may reach across layers to set a case up. */
const TESTS = ['**/*.test.ts', '**/*.test.tsx']

/** A layer rule: modules under `files` import nothing that `forbidden` names. */
function layer(files, forbidden, message, ignores = []) {
  return {
    files: [files],
    ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: forbidden, message: `Layer rule: ${message}` }] },
      ],
    },
  }
}

/** The folders' import patterns, by alias and relative path. */
function above(...folders) {
  return folders.flatMap((folder) => [
    `~/${folder}`,
    `~/${folder}/*`,
    `../${folder}`,
    `../${folder}/*`,
  ])
}

/** The files at app/'s top (the root, the entries, the first load): the routes' layer. */
const ROOT_FILES = ['~/root*', '~/entry*', '~/first-load*', '../root*']

/** Every folder that has a layer. */
const FOLDERS = LAYERS.flatMap((ring) => ring.folders)

/**
 * One folder's rule, made from the same refusal() scripts/check-imports.mjs
 * applies to the whole graph: the folders (and app/'s root files) it refuses.
 */
function layerRule(ring, folder) {
  const refused = FOLDERS.filter((other) => refusal(`${folder}/m.ts`, `${other}/m.ts`))
  const allowed = FOLDERS.filter((other) => !refused.includes(other))
  const says =
    `app/${folder}/ (${ring.holds}) is the ${ring.name} layer: it imports ` +
    `${allowed.map((name) => `${name}/`).join(', ')}, never ` +
    `${refused.map((name) => `${name}/`).join(', ')} or app/'s root files.` +
    (ring.advice ? ` ${ring.advice}` : '')
  // Tests may reach across layers to set a case up; the backend's do not.
  const ignores = ring.name === 'backend' ? [] : TESTS
  return layer(`app/${folder}/**`, [...above(...refused), ...ROOT_FILES], says, ignores)
}

/** No test.only, test.skip or test.fixme: every test runs. */
const NO_FOCUSED_TESTS = {
  selector:
    'CallExpression[callee.property.name=/^(only|skip|fixme)$/][callee.object.name=/^(test|it|describe)$/]',
  message: 'No focused or skipped tests.',
}

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
      'smoke-results',
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
      'no-restricted-syntax': ['error', NO_FOCUSED_TESTS],
    },
  },
  // The layers are the folders (docs/decisions/0125, 0167), listed from the
  // bottom up in scripts/lib/layers.mjs: each imports itself and the ones below.
  ...LAYERS.flatMap((ring) =>
    ring.rootFiles ? [] : ring.folders.map((folder) => layerRule(ring, folder)),
  ),
  // The smoke suite runs against a preview's real backend (docs/decisions/0150):
  // no demo backend controls, nothing of the e2e suite's servers.
  {
    files: ['tests/smoke/**'],
    // Its unit tests (Vitest, on this machine) may hold it against the demo backend.
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/e2e/**',
                '**/playwright.config',
                '**/mock-backend/*',
                '!**/mock-backend/smoke-accounts',
              ],
              message:
                'The smoke suite needs nothing but a URL and test accounts: no e2e support, no demo backend (but its smoke accounts, the defaults).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        NO_FOCUSED_TESTS,
        {
          selector: 'Literal:not([regex])[value=/__mock/], TemplateElement[value.raw=/__mock/]',
          message: "The smoke suite never calls the demo backend's test controls (/__mock/).",
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
