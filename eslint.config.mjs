// Import directions (docs/architecture.md, "The rules the lint enforces"), checked by `npm run lint`, which `npm test` runs.
// The rules about which part of the tree may import which, and the order of imports (sorted, so
// a merge never fights over them). Layout is Prettier's (.prettierrc.json), checked by the same
// `npm run lint` and applied by `npm run format`.
import fs from 'node:fs';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// Every folder of src/client/features is a feature, so a new one is fenced in from its first file.
const features = fs
  .readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Feature-to-feature imports that predate the rule, each a move still to make (a feature's small
 * public surface, or a piece moved to components/). Anything not listed here fails: a new arrow
 * between features goes through app/ or a shared layer instead. The list holds exactly the arrows
 * in use; delete one when its last import goes.
 */
const KNOWN_FEATURE_ARROWS = {
  // The public pages: the trial and newsletter calls to action, the platforms'
  // connect buttons on Integrations, and a signed-in visitor's progress on the home page.
  marketing: ['adAccounts', 'account', 'trial', 'newsletter'],
  // The dashboard shows the top Smart Suggestions with their actions (issue 13), and the first-party
  // figures beside the platforms' own (issue 37).
  dashboard: ['suggestions', 'firstParty'],
  // The signed-in trial banner reads the user's trial from their user info.
  trial: ['account'],
  notFound: ['search'],
  pricing: ['trial'],
  // Workspace settings hold the first-party import and ingestion key (issue 37).
  workspaces: ['firstParty'],
  // Suggestions and the optimizer say which conversions they weigh (the first-party opt-in, issue 37).
  suggestions: ['firstParty'],
  budget: ['firstParty'],
};

const featureZones = features.map((feature) => ({
  target: `./src/client/features/${feature}`,
  from: './src/client/features',
  except: [`./${feature}`, ...(KNOWN_FEATURE_ARROWS[feature] ?? []).map((other) => `./${other}`)],
  message:
    'Features do not import each other: compose them in app/, or move the shared piece to components/ or src/shared/.',
}));

/**
 * The core of the browser app (shared components, helpers, the API and the session) is imported
 * by app/ and the features and imports neither (bulletproof-react's direction: shared, then
 * features, then app). Tests of the core may render the whole app (store, router, providers).
 */
const CORE = ['./src/client/components', './src/client/lib', './src/client/api', './src/client/session'];
const coreZone = (from) => ({
  target: CORE,
  from,
  message:
    'components/, lib/, api/ and session/ are the core: they import neither app/ nor a feature. Move the piece to where it belongs, or pass it in from app/.',
});

/** Who owns each seam's tables (folders, as globs). */
const SEAM_OWNERS = {
  metrics: ['src/server/modules/metrics/**', 'src/server/modules/sync/**'],
  actions: ['src/server/modules/actions/**'],
};
const METRIC_TABLES = {
  regex: '(^|/)db/schema$',
  importNames: [
    'metricsDaily',
    'accountDaily',
    'campaignMonthly',
    'campaignRunning',
    'campaignRunningLast',
    'conversionObservations',
  ],
  message: 'Read metric rows through modules/metrics (metrics.queries.ts); only it and modules/sync use these tables.',
};
const ACTIONS_TABLE = {
  regex: '(^|/)db/schema$',
  importNames: ['actions'],
  message:
    'The actions log belongs to modules/actions: change a platform through actions.apply, read the log through actions.queries.ts.',
};

/** The directions of the whole tree (every file but the exceptions below). */
const treeZones = [
  {
    target: './src/shared',
    from: ['./src/client', './src/server', './src/sandbox'],
    message: 'src/shared is imported by both sides and imports neither.',
  },
  {
    target: './src/client',
    from: ['./src/server', './src/sandbox'],
    message: 'The browser app talks to the server over HTTP only.',
  },
  { target: './src/server', from: './src/client', message: 'The server never imports the browser app.' },
  {
    target: './src/server',
    from: './src/sandbox',
    // main.ts mounts the sandbox in development; settings.ts reads the sandbox's published
    // credentials; tests and their helpers drive a sandbox of their own.
    except: ['./contract.ts'],
    message: 'Nothing in the product knows it talks to the sandbox (only main.ts mounts it; tests may start one).',
  },
  {
    target: './src/sandbox',
    from: ['./src/server', './src/client'],
    message: 'The sandbox emulates outside platforms and knows nothing of Adwise.',
  },
  {
    target: './src/server/analysis',
    from: './src/server',
    except: ['./analysis'],
    message:
      'analysis/ is pure: series in, findings out; no database, platforms, jobs or clock (the modules read and write, then call it).',
  },
  ...featureZones,
];

export default [
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.ci-out/**', 'coverage/**'] },
  {
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mts}'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { ecmaVersion: 'latest', sourceType: 'module', ecmaFeatures: { jsx: true } },
    },
    plugins: { 'import-x': importX, 'simple-import-sort': simpleImportSort },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [...treeZones, coreZone(['./src/client/app', './src/client/features'])],
        },
      ],
    },
  },
  // The two seams: modules/metrics is the only reader of the metric tables (sync their
  // only writer), and modules/actions the only module that touches the actions table (and writes
  // to the ad platforms). A later block's no-restricted-imports replaces an earlier one's, so
  // each part of the tree gets the fences it is outside of. Raw SQL and platform calls elsewhere
  // are caught by metrics/seam.test.ts and actions/seam.test.ts.
  ...[
    {
      files: ['src/**/*.{ts,tsx}'],
      ignores: [...SEAM_OWNERS.metrics, ...SEAM_OWNERS.actions],
      fences: [METRIC_TABLES, ACTIONS_TABLE],
    },
    { files: SEAM_OWNERS.metrics, fences: [ACTIONS_TABLE] },
    { files: SEAM_OWNERS.actions, fences: [METRIC_TABLES] },
  ].map(({ files, ignores = [], fences }) => ({
    files,
    ignores: [...ignores, 'src/server/db/**', 'src/server/test/**', '**/*.test.ts', '**/*.fixtures.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: fences }] },
  })),
  {
    // Tests of the core render and drive the real app (its store, router and providers), as the
    // composition root does; they still import no feature.
    files: ['src/client/{components,lib,api,session}/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...treeZones, coreZone('./src/client/features')] }],
    },
  },
  {
    // Queries live in *.queries.ts (docs/architecture.md): services, routes, presenters and jobs
    // call named query functions and never build SQL. Row types may still be imported as types.
    // Left out: the database layer and tests; jobs/queue.ts hands Drizzle's sql to pg-boss so a job
    // joins its caller's transaction; dev/ seeds the demo; metrics/rates.ts builds the currency
    // factor as an SQL expression that metrics.queries.ts embeds.
    files: ['src/server/**/*.{ts,tsx}'],
    ignores: [
      '**/*.queries.ts',
      '**/*.test.ts',
      '**/*.fixtures.ts',
      'src/server/db/**',
      'src/server/test/**',
      'src/server/jobs/queue.ts',
      'src/server/dev/**',
      'src/server/modules/metrics/rates.ts',
    ],
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              allowTypeImports: true,
              message: "Write the query in this module's *.queries.ts and call it from here.",
            },
            {
              regex: '(^|/)db/schema$',
              allowTypeImports: true,
              message: 'Tables are read and written in *.queries.ts; import row types with `import type`.',
            },
          ],
        },
      ],
    },
  },
  {
    // The sandbox's own tests check it against our real platform clients: a contract test crosses on purpose.
    files: ['src/sandbox/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/sandbox', from: './src/client', message: 'The sandbox knows nothing of the browser app.' },
          ],
        },
      ],
    },
  },
  {
    // The composition root and test code may reach the sandbox.
    files: ['src/server/main.ts', 'src/server/**/*.test.ts', 'src/server/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/server', from: './src/client', message: 'The server never imports the browser app.' },
          ],
        },
      ],
    },
  },
];
