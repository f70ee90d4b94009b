import type { NewsletterSource } from '@shared/api/newsletter';
import { eq } from 'drizzle-orm';

import type { DbOrTx, Tx } from '../../db/connect';
import { newsletterSubscriptions, users } from '../../db/schema';

/**
 * Newsletter subscriptions, one per address; the mailed links' tokens are only ever looked up by
 * their SHA-256 hash. Also the account's own newsletter flag, kept in step with its address's row.
 */

export type Subscription = typeof newsletterSubscriptions.$inferSelect;

/** Creates the address's pending subscription unless it has one; the new row, or none. */
export async function insertSubscriptionUnlessPresent(
  db: DbOrTx,
  row: {
    email: string;
    source: NewsletterSource;
    userId: string | null;
    unsubscribeNonce: string;
    unsubscribeTokenHash: string;
    createdAt: Date;
  },
): Promise<Subscription[]> {
  return db
    .insert(newsletterSubscriptions)
    .values({ ...row, status: 'pending' })
    .onConflictDoNothing({ target: newsletterSubscriptions.email })
    .returning();
}

/** Locks (FOR UPDATE) the address's subscription. */
export async function lockSubscriptionByEmail(tx: Tx, email: string): Promise<Subscription[]> {
  return tx.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)).for('update');
}

/** Locks (FOR UPDATE) the subscription whose confirmation link has this hash. */
export async function lockSubscriptionByConfirmHash(tx: Tx, tokenHash: string): Promise<Subscription | undefined> {
  const [row] = await tx
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.confirmTokenHash, tokenHash))
    .for('update');
  return row;
}

/** Locks (FOR UPDATE) the subscription whose unsubscribe link has this hash. */
export async function lockSubscriptionByUnsubscribeHash(tx: Tx, tokenHash: string): Promise<Subscription | undefined> {
  const [row] = await tx
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.unsubscribeTokenHash, tokenHash))
    .for('update');
  return row;
}

export async function subscriptionByEmail(db: DbOrTx, email: string): Promise<Subscription | undefined> {
  const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
  return row;
}

/** Changes the subscription; the changed rows. */
export async function updateSubscription(
  db: DbOrTx,
  id: string,
  changes: Partial<Omit<Subscription, 'id'>>,
): Promise<Subscription[]> {
  return db.update(newsletterSubscriptions).set(changes).where(eq(newsletterSubscriptions.id, id)).returning();
}

/** Sets the newsletter flag of the account with this e-mail address, if there is one. */
export async function setAccountNewsletterByEmail(db: DbOrTx, email: string, newsletter: boolean): Promise<void> {
  await db.update(users).set({ newsletter }).where(eq(users.email, email));
}

/** Sets the account's newsletter flag. */
export async function setAccountNewsletter(db: DbOrTx, userId: string, newsletter: boolean): Promise<void> {
  await db.update(users).set({ newsletter }).where(eq(users.id, userId));
}
