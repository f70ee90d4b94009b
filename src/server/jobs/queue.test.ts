import pino from 'pino';
import { object } from 'yup';

import { connectDatabase, type Database } from '../db/connect';
import { migratedPgliteTemplate } from '../test/pgliteTemplate';
import { createJobQueue, defineJob, type JobDefinition } from './queue';

/**
 * The queue on a restart: what the last start left in the database (queues, their options, cron
 * schedules) is kept, only what is new or changed is written, and a job can still be sent inside
 * a transaction on PGlite's one connection for a queue made or changed by this start.
 */
describe('job queue start', () => {
  let database: Database;
  const log = pino({ level: 'silent' });
  const job = (id: string, extra: Partial<JobDefinition> = {}) =>
    defineJob({ id, payload: object({}), handler: async () => undefined, ...extra });

  beforeAll(async () => {
    database = await connectDatabase({ pgliteDataDir: 'memory://', pgliteTemplate: await migratedPgliteTemplate() });
  });
  afterAll(async () => {
    await database.close();
  });

  async function started(definitions: JobDefinition[]) {
    const queue = createJobQueue({ database, log, schedule: true });
    await queue.start(definitions, { work: true });
    return queue;
  }

  it('keeps queues and schedules a restart finds, and writes what is new or changed', async () => {
    const first = await started([job('test.kept', { cron: '0 * * * *' }), job('test.changed', { retryLimit: 2 })]);
    await first.stop();

    const second = await started([
      job('test.kept', { cron: '0 * * * *' }),
      job('test.changed', { retryLimit: 5 }),
      job('test.new', { cron: '*/5 * * * *' }),
    ]);
    try {
      const queues = new Map((await second.boss.getQueues()).map((queue) => [queue.name, queue]));
      expect(queues.get('test.kept')?.retryLimit).toBe(3);
      expect(queues.get('test.changed')?.retryLimit).toBe(5);
      expect(queues.get('test.new')?.retryBackoff).toBe(true);
      const schedules = (await second.boss.getSchedules()).filter((entry) => entry.name.startsWith('test.'));
      expect(schedules.map((entry) => [entry.name, entry.cron]).sort()).toEqual([
        ['test.kept', '0 * * * *'],
        ['test.new', '*/5 * * * *'],
      ]);

      // Sent inside a transaction: the queue's metadata must already be cached (PGlite has one connection).
      for (const id of ['test.kept', 'test.changed', 'test.new']) {
        const jobId = await database.db.transaction((tx) => second.send(id, {}, { tx }));
        expect(jobId).toEqual(expect.any(String));
      }
    } finally {
      await second.stop();
    }
  });

  it('moves a schedule whose cron changed', async () => {
    await (await started([job('test.moved', { cron: '0 3 * * *' })])).stop();
    const queue = await started([job('test.moved', { cron: '30 4 * * *' })]);
    try {
      expect(
        (await queue.boss.getSchedules()).filter((entry) => entry.name === 'test.moved').map((entry) => entry.cron),
      ).toEqual(['30 4 * * *']);
    } finally {
      await queue.stop();
    }
  });
});
