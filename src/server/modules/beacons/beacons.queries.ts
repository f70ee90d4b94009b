import type { DbOrTx } from '../../db/connect';
import { beaconEvents } from '../../db/schema';

/** Stores one anonymous beacon. */
export async function insertBeacon(db: DbOrTx, name: string, props: Record<string, string | number | boolean>) {
  await db.insert(beaconEvents).values({ name, props });
}
