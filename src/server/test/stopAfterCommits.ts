import type { Db } from '../db/connect';

/**
 * The process "stops" after `commits` more transactions: every later one throws, as nothing runs
 * on a process that is gone, until the returned function brings the database back. What the
 * platform was sent meanwhile stays sent: the state a crash between two writes leaves.
 */
export function stopAfterCommits(db: Db, commits: number): () => void {
  const real = db.transaction.bind(db);
  let left = commits;
  db.transaction = (async (...args: Parameters<typeof real>) => {
    if (left-- > 0) return real(...args);
    throw new Error('the process stopped');
  }) as typeof db.transaction;
  return () => {
    db.transaction = real;
  };
}

/**
 * The process stops once a change's every step has landed, before the change's end is written:
 * the first transaction that returns an action (its write-ahead) tells how many step records
 * follow; those commit, and everything after throws until the returned function is called.
 */
export function stopBeforeTheChangeEnds(db: Db): () => void {
  const real = db.transaction.bind(db);
  let left: number | null = null;
  db.transaction = (async (...args: Parameters<typeof real>) => {
    if (left === null) {
      const result: unknown = await real(...args);
      const steps = (result as { steps?: unknown } | null)?.steps;
      if (Array.isArray(steps)) left = steps.length;
      return result;
    }
    if (left-- > 0) return real(...args);
    throw new Error('the process stopped');
  }) as typeof db.transaction;
  return () => {
    db.transaction = real;
  };
}
