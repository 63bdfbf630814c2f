// One lint config for the whole repo. Import boundaries keep the layering honest:
// the contract imports nothing of ours, the texts only the contract, no app reaches into another
// app's files, and web features never import each other.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync, existsSync } from 'node:fs';

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

// One availability rule (issue #27, docs/adr/0070): a query that spells out "status 0" or "door
// closed" itself is a second, drifting definition of a free locker. Only the availability repository
// says it; everything else calls lockerAvailabilityRepository / availableSql.
const availabilityMessage =
  'A free locker is one rule: use lockerAvailabilityRepository or availableSql (modules/lockers, docs/adr/0070).';
const availabilitySelectors = [
  "CallExpression[callee.property.name='where'][arguments.0.value=/(^|\\.)door_status$/][arguments.1.value='='][arguments.2.value=2]",
  "CallExpression[callee.property.name='where'][arguments.0.value=/(^|\\.)door_status$/][arguments.1.value='='][arguments.2.property.name='CLOSED']",
  "CallExpression[callee.property.name='where'][arguments.0.value=/(^|\\.)status$/][arguments.1.value='='][arguments.2.value=0]",
  "CallExpression[callee.property.name='where'][arguments.0.value=/(^|\\.)status$/][arguments.1.value='='][arguments.2.property.name='AVAILABLE']",
].map((selector) => ({ selector, message: availabilityMessage }));
// What the user is told, in one place (issue #22, docs/adr/0060): a mutation's success and failure
// are its meta, said by the MutationCache (lib/mutation-feedback.ts); anything else (a scan's result,
// a download's failure, a check before any request) goes through say()/notify() in lib/feedback.tsx.
// No page calls antd's message or notification itself.
const feedbackMessage =
  "Say a mutation's outcome in its meta (lib/mutation-feedback.ts); anything else through say() or notify() (lib/feedback.tsx), not antd's message/notification.";
const feedbackSelectors = [
  "ImportDeclaration[source.value='antd'] > ImportSpecifier[imported.name=/^(message|notification)$/]",
  "VariableDeclarator[init.callee.property.name='useApp'] > ObjectPattern > Property[key.name=/^(message|notification)$/]",
  'MemberExpression[object.name=/^(message|notification)$/][property.name=/^(success|error|warning|info|open|loading)$/]',
].map((selector) => ({ selector, message: feedbackMessage }));
const feedbackLibFiles = ['apps/web/src/lib/feedback.tsx', 'apps/web/src/lib/mutation-feedback.ts'];
// Files not moved yet: they keep their own message calls until they are.
// A screen's link is built from its APP_ROUTES entry (pathTo), never written as a path by hand.
const appPathMessage =
  "Build the link with pathTo('<route id>', params, search) from @cacifo/contract/route-paths.";
const appPathSelectors = [
  'JSXAttribute[name.name=/^(to|href)$/] > Literal[value=/^\\//]',
  'JSXAttribute[name.name=/^(to|href)$/] > JSXExpressionContainer > Literal[value=/^\\//]',
  'JSXAttribute[name.name=/^(to|href)$/] > JSXExpressionContainer > TemplateLiteral > TemplateElement:first-child[value.raw=/^\\//]',
  "CallExpression[callee.name='navigate'] > Literal:first-child[value=/^\\//]",
  "CallExpression[callee.name='navigate'] > TemplateLiteral:first-child > TemplateElement:first-child[value.raw=/^\\//]",
].map((selector) => ({ selector, message: appPathMessage }));

const apiPathSelectors = [
  {
    selector: 'Literal[value=/^\\/?(api|oauth)\\//]',
    message: 'Call the server through a contract endpoint (callEndpoint / endpointQuery), not a path.',
  },
  {
    selector: 'TemplateElement[value.raw=/^\\/?(api|oauth)\\//]',
    message: 'Call the server through a contract endpoint (callEndpoint / endpointQuery), not a path.',
  },
];

// Server tests call the API through its contract entries (issue #35): a typed call, and the path
// written once in the contract, so a renamed route cannot leave a test probing a dead URL.
const serverTestApiMessage =
  'Call the API through its contract entry: callApi(app, token, API.x.y, input), or fillPath(API.x.y.path, ...) for a raw request.';
const serverTestApiSelectors = [
  'Literal[value=/^\\/api\\//]',
  'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/api\\//]',
].map((selector) => ({ selector, message: serverTestApiMessage }));
const serverTestFiles = ['apps/server/test/**/*.ts', 'apps/server/src/**/*.test.ts'];
// Browser specs say what a person does; where it is on screen lives in a page object (issue #35).
const e2eLocatorSelectors = [
  {
    selector:
      'CallExpression[callee.property.name=/^(locator|frameLocator|getBy(Role|Text|Label|TestId|Placeholder|Title|AltText))$/]',
    message: 'Locators live in the page objects (e2e/pages/): use one there or add it.',
  },
];
// ESLint's flat config replaces a rule's options per matching object: the SQL rule's server files.
const serverSqlFiles = ['apps/server/src/modules/**/*.ts', 'apps/server/src/plugins/**/*.ts'];
const serverSqlSelectors = [
  {
    selector:
      'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto)$/]',
    message: 'SQL only in *.repository.ts (ARCHITECTURE): call a repository function.',
  },
  {
    selector: 'TaggedTemplateExpression[tag.name="sql"]',
    message: 'SQL only in *.repository.ts (ARCHITECTURE): call a repository function.',
  },
  ...availabilitySelectors,
];

// Both sides share through packages (docs/adr/0230): no relative path into another app.
const crossAppImport = {
  regex: '^(\\.\\./)+(web|server|simulator)/',
  message: "No app imports another app's files: share through a package (@cacifo/texts, @cacifo/contract).",
};

const availabilityRuleFile = 'apps/server/src/modules/lockers/locker-availability.repository.ts';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/artifacts/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench/results/**',
      'bench/tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Compared by specifier: the web imports contract files by subpath, which the resolver folds into one.
      'no-duplicate-imports': 'error',
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@cacifo/*', '../../apps/*', '../../../apps/*'],
              message: 'The contract imports nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/texts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@cacifo/*', '!@cacifo/contract', '../../apps/*', '../../../apps/*'],
              message: 'The texts import nothing of ours but the contract.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [crossAppImport],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      // A module is used through what it exports (issue #35): a bare `import './x'` run for its side
      // effects hides what depends on it (realtime refreshes are declared next to their query). Only
      // stylesheets and locale/type setup are imported for their effect.
      'import-x/no-unassigned-import': ['error', { allow: ['**/*.css', 'dayjs/locale/*', 'i18next'] }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: features.map((name) => ({
            target: `./${featuresDir}/${name}`,
            from: `./${featuresDir}`,
            except: [`./${name}`],
            message: 'Features do not import each other; share through components/ or lib/.',
          })),
        },
      ],
    },
  },
  {
    // Every feature: no API path strings, no untyped calls (issue #21).
    files: [`${featuresDir}/**/*.{ts,tsx}`],
    // Tests may name the wire paths: a fake server answers by URL.
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...apiPathSelectors, ...feedbackSelectors, ...appPathSelectors],
      'no-restricted-imports': [
        'error',
        {
          patterns: [crossAppImport],
          paths: [
            {
              name: '@/lib/api-client',
              importNames: ['api', 'apiRequest', 'requestEnvelope'],
              message: 'Use callEndpoint / endpointQuery with a contract entry: typed, no casts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The rest of the web: no message calls outside lib/feedback.tsx and lib/mutation-feedback.ts.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [`${featuresDir}/**`, '**/*.test.{ts,tsx}', ...feedbackLibFiles],
    rules: { 'no-restricted-syntax': ['error', ...feedbackSelectors, ...appPathSelectors] },
  },
  {
    files: serverSqlFiles,
    // SQL only in repositories (ARCHITECTURE, issue #21): every other server file calls one.
    ignores: ['**/*.repository.ts'],
    rules: { 'no-restricted-syntax': ['error', ...serverSqlSelectors] },
  },
  {
    // Repositories may write queries, but not their own free-locker rule.
    files: ['apps/server/src/**/*.repository.ts'],
    ignores: [availabilityRuleFile],
    rules: { 'no-restricted-syntax': ['error', ...availabilitySelectors] },
  },
  {
    // No API URL literal in server tests (issue #35).
    files: serverTestFiles,
    rules: { 'no-restricted-syntax': ['error', ...serverTestApiSelectors] },
  },
  {
    // Tests among the modules' files keep the SQL rule too (merged: the object above replaces it).
    files: serverSqlFiles.map((f) => f.replace(/\*\.ts$/, '*.test.ts')),
    rules: { 'no-restricted-syntax': ['error', ...serverSqlSelectors, ...serverTestApiSelectors] },
  },
  {
    // Every locator in a page object: none in the specs or their support helpers.
    files: ['e2e/specs/**/*.ts', 'e2e/support/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...e2eLocatorSelectors] },
  },
);
