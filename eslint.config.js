import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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

/** A domain's server parts (`*.server.ts`): its browser-safe rules stay importable. */
function serverParts(...folders) {
  return folders.flatMap((folder) => [`~/${folder}/*.server`, `../${folder}/*.server`])
}

/** No test.only, test.skip or test.fixme: every test runs. */
const NO_FOCUSED_TESTS = {
  selector:
    'CallExpression[callee.property.name=/^(only|skip|fixme)$/][callee.object.name=/^(test|it|describe)$/]',
  message: 'No focused or skipped tests.',
}

/** The domain folders: rules and server parts of one area each. */
const DOMAINS = ['lotto', 'wallet', 'games', 'live']

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
  // The layers are the folders (docs/decisions/0125): each may import only the ones below it.
  layer(
    'app/backend/**',
    [
      ...above('session', 'forms', 'wallet', 'live', 'ui', 'routes'),
      // The backend's schemas read the domains' browser-safe rules (bet kinds,
      // game categories), never a domain's server part.
      ...serverParts('lotto', 'games'),
      '~/root*',
    ],
    'app/backend/ imports only app/lib/, app/server/ and itself (its schemas may read the rules of app/lotto/ and app/games/ that the browser shares). Take the member from `ctx` (MemberContext, memberCall in backend/client.server.ts); the session implements MemberCaller. Texts a form shows too go to app/lib/.',
  ),
  layer(
    'app/server/**',
    [...above('backend', 'session', 'forms', 'ui', 'routes', ...DOMAINS), '~/root*'],
    'app/server/ (the request pipeline) imports only app/lib/ and itself; the layers above it import it.',
    TESTS,
  ),
  layer(
    'app/lib/**',
    [...above('server', 'session', 'forms', 'ui', 'routes', ...DOMAINS), '~/root*'],
    'app/lib/ holds small helpers; they import only each other (and backend schema types).',
    TESTS,
  ),
  // The domains: each imports the layers below it (lib, server, backend,
  // session), never another domain, the forms, the components or a route.
  ...DOMAINS.map((domain) =>
    layer(
      `app/${domain}/**`,
      [
        ...above(...DOMAINS.filter((other) => other !== domain), 'forms', 'ui', 'routes'),
        '~/root*',
      ],
      `app/${domain}/ is a domain: it imports app/lib/, app/server/, app/backend/, app/session/ and itself, never another domain, app/forms/, app/ui/ or app/routes/. What two domains share goes down to app/lib/; what a page puts together is its route's.`,
      TESTS,
    ),
  ),
  layer(
    'app/forms/**',
    above('routes'),
    'app/forms/ (rules and fields) imports the layers below it and app/ui/, never a route.',
    TESTS,
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
  layer(
    'app/ui/**',
    above('session', 'server', 'routes'),
    'app/ui/ holds components; the data comes from a route loader (useLoaderData), never from the session or the server.',
    TESTS,
  ),
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
