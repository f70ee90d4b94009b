import type { Config } from 'jest';
import { jestPreactModuleNameMapper } from './scripts/preactRenderer.mts';

/** One alias table, mirrored from tsconfig.json and webpack.config.ts. */
const moduleNameMapper = {
  '^@client/(.*)$': '<rootDir>/src/client/$1',
  '^@server/(.*)$': '<rootDir>/src/server/$1',
  '^@shared/(.*)$': '<rootDir>/src/shared/$1',
  '^@sandbox/(.*)$': '<rootDir>/src/sandbox/$1',
};

const common = {
  moduleNameMapper,
  transform: { '^.+\\.[jt]sx?$': 'babel-jest' },
};

/** The component tests: jsdom, with the network mocked at the edge (msw). */
const client = {
  ...common,
  displayName: 'client',
  testEnvironment: 'jest-fixed-jsdom',
  testEnvironmentOptions: { customExportConditions: [''] },
  testMatch: ['<rootDir>/src/client/**/*.test.{ts,tsx}'],
  setupFilesAfterEnv: ['<rootDir>/src/client/test/setupTests.ts'],
  // Preact ships ES modules only: the production renderer's own tests load it, and client-preact all of them.
  transform: { ...common.transform, '^.+\\.mjs$': 'babel-jest' },
  transformIgnorePatterns: ['/node_modules/(?!preact/)'],
  moduleNameMapper: {
    ...moduleNameMapper,
    '\\.(css|png|svg|jpg|webp)$': '<rootDir>/src/client/test/fileStub.ts',
  },
};

/**
 * The same component tests on the renderer the production bundle ships (scripts/preactRenderer.mts):
 * React's entry points are Preact's, as webpack maps them, and the app's root API is preactClient.ts.
 */
const clientOnPreact = {
  ...client,
  displayName: 'client-preact',
  setupFilesAfterEnv: [...client.setupFilesAfterEnv, '<rootDir>/src/client/test/setupPreact.ts'],
  moduleNameMapper: {
    ...jestPreactModuleNameMapper('<rootDir>'),
    '^react-dom/test-utils$': '<rootDir>/src/client/test/preactTestUtils.ts',
    ...client.moduleNameMapper,
  },
};

const config: Config = {
  // A server test file leaves its PGlite's WebAssembly memory behind in the worker (not in the JS
  // heap jest measures), so a long run's two workers each grew past 5 GB of RSS and slowed down.
  // A worker that ends a file with more than this much heap in use is replaced by a fresh one;
  // server files nearly always do, so each starts in a small process (the restart costs well under
  // a second; a file already loads its whole module graph afresh).
  workerIdleMemoryLimit: '200MB',
  projects: [
    {
      ...common,
      displayName: 'shared',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/shared/**/*.test.ts'],
    },
    client,
    clientOnPreact,
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/server/**/*.test.ts', '<rootDir>/src/sandbox/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/src/server/test/setupTests.ts'],
      // Migrates one database every server test app starts from (src/server/test/pgliteTemplate.ts, postgresTemplate.ts).
      globalSetup: '<rootDir>/src/server/test/globalSetup.ts',
      globalTeardown: '<rootDir>/src/server/test/globalTeardown.ts',
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/e2e/globalSetup.ts',
      globalTeardown: '<rootDir>/e2e/globalTeardown.ts',
      setupFilesAfterEnv: ['<rootDir>/e2e/support/setupTests.ts'],
    },
  ],
};

export default config;
