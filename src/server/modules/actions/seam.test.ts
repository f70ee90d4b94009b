import fs from 'node:fs';
import path from 'node:path';

/**
 * modules/actions is the only writer to the ad platforms (REVIEW 5, issue 33): outside it, the
 * platform clients themselves (platforms/) and tests, no server source calls a platform's write
 * methods, so every change is journaled, recoverable and in the actions log. The lint rule in
 * eslint.config.mjs keeps the actions table itself inside the module; this catches the calls.
 */
const SERVER = path.resolve(__dirname, '../..');
const ALLOWED = ['modules/actions/', 'platforms/', 'test/'];
const WRITES = /\.(setCampaignDailyBudget|setCampaignStatus|setAdStatus)\s*\(/;
const ACTIONS_SQL = /\b(insert\s+into|update|delete\s+from)\s+"?actions"?\b/i;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|fixtures)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

describe('the write seam', () => {
  const outside = sources(SERVER)
    .map((file) => path.relative(SERVER, file).split(path.sep).join('/'))
    .filter((file) => !ALLOWED.some((folder) => file.startsWith(folder)) && !file.startsWith('db/migrations/'));
  const text = (file: string) => withoutComments(fs.readFileSync(path.join(SERVER, file), 'utf8'));

  it('no server source outside modules/actions writes to an ad platform', () => {
    expect(outside.filter((file) => WRITES.test(text(file)))).toEqual([]);
  });

  it('no server source outside modules/actions writes the actions table in SQL', () => {
    expect(outside.filter((file) => ACTIONS_SQL.test(text(file)))).toEqual([]);
  });

  it('finds a platform write and a write to the actions table (the checks themselves work)', () => {
    expect(WRITES.test(withoutComments('await use((client) => client.setCampaignDailyBudget(target, id, 5))'))).toBe(true);
    expect(WRITES.test(withoutComments('// client.setAdStatus(target, id)'))).toBe(false);
    expect(ACTIONS_SQL.test('sql`update actions set status = ${x}`')).toBe(true);
    expect(ACTIONS_SQL.test('sql`update rule_actions set status = ${x}`')).toBe(false);
  });
});
