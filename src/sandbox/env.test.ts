import { DEFAULT_SANDBOX_SEED, loadSandboxEnv } from './env';

describe('loadSandboxEnv', () => {
  it('defaults to seed 42, no faults and no admin token', () => {
    expect(loadSandboxEnv({})).toEqual({ seed: DEFAULT_SANDBOX_SEED, faults: [], exposeTruth: false, problems: [] });
    expect(DEFAULT_SANDBOX_SEED).toBe(42);
    // Blank values count as unset.
    expect(loadSandboxEnv({ SANDBOX_SEED: ' ', SANDBOX_FAULTS: '', SANDBOX_ADMIN_TOKEN: '  ' })).toEqual({
      seed: 42,
      faults: [],
      exposeTruth: false,
      problems: [],
    });
  });

  it('reads the seed, the standing faults and the admin token', () => {
    expect(
      loadSandboxEnv({
        SANDBOX_SEED: ' 7 ',
        SANDBOX_FAULTS: 'rate_limit:0.05,slow:0.1',
        SANDBOX_ADMIN_TOKEN: 'abcdefghijklmnop',
      }),
    ).toEqual({
      seed: 7,
      faults: [
        { kind: 'rate_limit', probability: 0.05 },
        { kind: 'slow', probability: 0.1 },
      ],
      adminToken: 'abcdefghijklmnop',
      exposeTruth: false,
      problems: [],
    });
  });

  it('exposes the world’s truth only in development and tests', () => {
    expect(loadSandboxEnv({ NODE_ENV: 'development' }).exposeTruth).toBe(true);
    expect(loadSandboxEnv({ NODE_ENV: 'test' }).exposeTruth).toBe(true);
    expect(loadSandboxEnv({ NODE_ENV: 'production' }).exposeTruth).toBe(false);
    expect(loadSandboxEnv({}).exposeTruth).toBe(false);
  });

  it('reports every bad value instead of throwing, and falls back to safe values', () => {
    const loaded = loadSandboxEnv({
      SANDBOX_SEED: '4.5',
      SANDBOX_FAULTS: 'meltdown:2',
      SANDBOX_ADMIN_TOKEN: 'short-secret',
    });
    expect(loaded.seed).toBe(42);
    expect(loaded.faults).toEqual([]);
    expect(loaded.adminToken).toBeUndefined();
    expect(loaded.problems).toHaveLength(3);
    expect(loaded.problems[0]).toBe('SANDBOX_SEED must be a whole number (got "4.5")');
    expect(loaded.problems[1]).toMatch(/^SANDBOX_FAULTS entries look like rate_limit:0.05/);
    expect(loaded.problems[2]).toMatch(/^SANDBOX_ADMIN_TOKEN must be at least 16 characters/);
    // A weak secret is still a secret: it is not repeated in the message.
    expect(loaded.problems.join('\n')).not.toContain('short-secret');
  });

  it('takes negative and large whole seeds, but not numbers in other spellings', () => {
    expect(loadSandboxEnv({ SANDBOX_SEED: '-3' }).seed).toBe(-3);
    expect(loadSandboxEnv({ SANDBOX_SEED: '123456789' }).seed).toBe(123456789);
    expect(loadSandboxEnv({ SANDBOX_SEED: '1e3' }).problems).toHaveLength(1);
    expect(loadSandboxEnv({ SANDBOX_SEED: 'forty-two' }).problems).toHaveLength(1);
  });
});
