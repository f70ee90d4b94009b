import { buildTestApp, type TestApp } from '../test/buildTestApp';
import { jobDefinition, jobDefinitions } from './registry';

/** The registry is the one list of jobs the workers run: each module's `<module>.jobs.ts`, every id once. */
describe('job registry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ workers: false });
  });
  afterAll(() => t.close());

  it('lists every job once, each with a payload schema and a handler', () => {
    const definitions = jobDefinitions(t.app.ctx, t.app.services);
    const ids = definitions.map((definition) => definition.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(
      [
        'actions.evaluate',
        'actions.reconcile',
        'alerts.digest',
        'alerts.evaluate',
        'alerts.webhook',
        'auth.password-reset.send',
        'budgets.pacing',
        'connections.health.check',
        'creative.refit',
        'mail.outbox.flush',
        'optimizer.follow',
        'reports.deliver',
        'reports.schedule',
        'rules.evaluate',
        'rules.schedule',
        'suggestions.compute',
        'sync.connection',
        'sync.schedule',
        'trial.reminder.send',
      ].sort(),
    );
    for (const definition of definitions) {
      expect(typeof definition.handler).toBe('function');
      expect(typeof definition.payload.validate).toBe('function');
    }
  });

  it('finds one job by id, and says so for an id it does not have', () => {
    expect(jobDefinition(t.app.ctx, t.app.services, 'sync.connection').policy).toBe('stately');
    expect(() => jobDefinition(t.app.ctx, t.app.services, 'nope.never')).toThrow('No job "nope.never" in the registry');
  });
});
