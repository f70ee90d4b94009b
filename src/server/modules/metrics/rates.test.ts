import { sql } from 'drizzle-orm';

import { connectDatabase, type Database } from '../../db/connect';
import { migratedPgliteTemplate } from '../../test/pgliteTemplate';
import { conversionFactors, factorAt, parseRatesCsv } from './rates';

describe('parseRatesCsv', () => {
  it('reads day,currency,per_usd lines, skipping a header and blank lines', () => {
    expect(parseRatesCsv('day,currency,per_usd\n2026-11-20,inr,88.61\n\n2026-11-20,EUR,0.86\r\n')).toEqual([
      { day: '2026-11-20', currency: 'INR', perUsd: 88.61 },
      { day: '2026-11-20', currency: 'EUR', perUsd: 0.86 },
    ]);
  });

  it('names the first bad line and its problem', () => {
    expect(() => parseRatesCsv('2026-11-20,INR,88\n2026-13-01,INR,88')).toThrow(
      'Line 2: "2026-13-01" is not a YYYY-MM-DD day.',
    );
    expect(() => parseRatesCsv('2026-11-20,RUPEES,88')).toThrow('Line 1: "RUPEES" is not an ISO 4217 currency code.');
    expect(() => parseRatesCsv('2026-11-20,INR,-3')).toThrow('Line 1: the rate must be a positive number.');
  });
});

describe('conversionFactors', () => {
  let database: Database;
  beforeAll(async () => {
    database = await connectDatabase({ pgliteDataDir: 'memory://', pgliteTemplate: await migratedPgliteTemplate() });
    await database.db.execute(
      // Seed rates come with the migration; add a later INR rate to see the day-by-day switch.
      sql`insert into exchange_rates (currency, day, per_usd) values ('INR', '2026-11-10', 90)`,
    );
  });
  afterAll(() => database.close());

  it('turns minor units of each currency into major units of the display currency, day by day', async () => {
    const f = await conversionFactors(database.db, ['INR', 'USD', 'JPY'], 'USD', '2026-11-09', '2026-11-10');
    const factor = (currency: string, day: string) => factorAt(f, currency, day);
    expect(factor('USD', '2026-11-09')).toBe(0.01);
    expect(factor('INR', '2026-11-09')).toBeCloseTo(1 / 88.6 / 100, 12);
    expect(factor('INR', '2026-11-10')).toBeCloseTo(1 / 90 / 100, 12);
    // JPY has no minor unit.
    expect(factor('JPY', '2026-11-10')).toBeCloseTo(1 / 154.2, 12);
    expect(f.missing).toEqual([]);
  });

  it('uses the earliest rate for days before every rate, and names currencies it has no rate for', async () => {
    const f = await conversionFactors(database.db, ['INR', 'XYZ'], 'INR', '2020-01-01', '2020-01-01');
    expect(f.factors).toEqual([0.01]);
    expect(f.missing).toEqual(['XYZ']);
  });
});
