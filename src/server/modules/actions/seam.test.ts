import { serverSources, sourceText, withoutComments } from '../../test/serverSources';

/**
 * modules/actions is the only writer to the ad platforms (docs/architecture.md, issue 33): outside it, the
 * platform clients themselves (platforms/) and tests, no server source calls a platform's write
 * methods, so every change is journaled, recoverable and in the actions log. The lint rule in
 * eslint.config.mjs keeps the actions table itself inside the module; this catches the calls,
 * and raw SQL writing the table.
 */
const ALLOWED = ['modules/actions/', 'platforms/', 'test/', 'db/migrations/'];
const WRITES = /\.(setCampaignDailyBudget|setCampaignStatus|setAdStatus)\s*\(/;
const ACTIONS_SQL = /\b(insert\s+into|update|delete\s+from)\s+"?actions"?\b/i;

describe('the write seam', () => {
  const outside = serverSources().filter((file) => !ALLOWED.some((folder) => file.startsWith(folder)));

  it('no server source outside modules/actions writes to an ad platform', () => {
    expect(outside.filter((file) => WRITES.test(sourceText(file)))).toEqual([]);
  });

  it('no server source outside modules/actions writes the actions table in SQL', () => {
    expect(outside.filter((file) => ACTIONS_SQL.test(sourceText(file)))).toEqual([]);
  });

  it('finds a platform write and a write to the actions table (the checks themselves work)', () => {
    expect(WRITES.test(withoutComments('await use((client) => client.setCampaignDailyBudget(target, id, 5))'))).toBe(
      true,
    );
    expect(WRITES.test(withoutComments('// client.setAdStatus(target, id)'))).toBe(false);
    expect(ACTIONS_SQL.test('sql`update actions set status = ${x}`')).toBe(true);
    expect(ACTIONS_SQL.test('sql`update rule_actions set status = ${x}`')).toBe(false);
  });
});
