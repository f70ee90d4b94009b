import type { Config } from 'jest';

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

const config: Config = {
  projects: [
    {
      ...common,
      displayName: 'shared',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/shared/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'client',
      testEnvironment: 'jest-fixed-jsdom',
      testEnvironmentOptions: { customExportConditions: [''] },
      testMatch: ['<rootDir>/src/client/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/src/client/test/setupTests.ts'],
      moduleNameMapper: {
        ...moduleNameMapper,
        '\\.(css|png|svg|jpg|webp)$': '<rootDir>/src/client/test/fileStub.ts',
      },
    },
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/server/**/*.test.ts', '<rootDir>/src/sandbox/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/src/server/test/setupTests.ts'],
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
