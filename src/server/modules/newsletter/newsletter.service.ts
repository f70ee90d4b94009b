import { createHmac } from 'node:crypto';

import {
  NEWSLETTER_CONFIRM_TTL_MS,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_RESEND_MS,
  type NewsletterReply,
  type NewsletterSource,
  type NewsletterStatusReply,
} from '@shared/api/newsletter';
import { DAY_MS } from '@shared/days';

import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/connect';
import { badRequest } from '../../lib/httpError';
import { sessionGone } from '../../lib/signedIn';
import { hashToken, newOpaqueToken } from '../auth/tokens';
import { userEmail as userEmailRow, userIdByEmail } from '../users/users.queries';
import {
  insertSubscriptionUnlessPresent,
  lockSubscriptionByConfirmHash,
  lockSubscriptionByEmail,
  lockSubscriptionByUnsubscribeHash,
  setAccountNewsletter,
  setAccountNewsletterByEmail,
  type Subscription,
  subscriptionByEmail,
  updateSubscription,
} from './newsletter.queries';

/** A subscribe request: a visitor's address, or a signed-in user (their account address unless another is given). */
export interface SubscribeRequest {
  email?: string;
  source: NewsletterSource;
  userId?: string;
}

/** The pages the mailed links open (the SPA's routes). */
export const NEWSLETTER_CONFIRM_PAGE = '/newsletter/confirm';
export const NEWSLETTER_UNSUBSCRIBE_PAGE = '/newsletter/unsubscribe';

/** Subject of the double opt-in mail. */
export const CONFIRM_SUBJECT = 'Confirm your Adwise newsletter subscription';

/**
 * The newsletter with double opt-in. An address is only mailed newsletters once its owner opened
 * the confirmation link; a visitor never learns whether an address is subscribed; every mail
 * carries the unsubscribe link.
 */
export function createNewsletterService({
  db,
  clock,
  mailer,
  config,
  log,
}: Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config' | 'log'>) {
  /**
   * The unsubscribe token of a row: an HMAC of its random nonce under APP_SECRET, so every mail can
   * carry the same link while the database keeps only the nonce and the token's SHA-256.
   */
  const unsubscribeToken = (nonce: string) =>
    createHmac('sha256', config.appSecret).update(`newsletter-unsubscribe:${nonce}`).digest('base64url');
  const link = (page: string, token: string) => `${config.publicUrl}${page}?token=${encodeURIComponent(token)}`;
  const unsubscribeLink = (row: Pick<Subscription, 'unsubscribeNonce'>) =>
    link(NEWSLETTER_UNSUBSCRIBE_PAGE, unsubscribeToken(row.unsubscribeNonce));

  async function userEmail(conn: DbOrTx, userId: string): Promise<string> {
    const user = await userEmailRow(conn, userId);
    if (!user) throw sessionGone();
    return user.email;
  }

  async function sendConfirmation(tx: Tx, row: Subscription, now: Date): Promise<void> {
    const token = newOpaqueToken();
    await updateSubscription(tx, row.id, {
      status: 'pending',
      confirmTokenHash: hashToken(token),
      confirmExpiresAt: new Date(now.getTime() + NEWSLETTER_CONFIRM_TTL_MS),
      confirmSentAt: now,
      unsubscribedAt: null,
    });
    const days = Math.round(NEWSLETTER_CONFIRM_TTL_MS / DAY_MS);
    // A mail to an account's address is erased with the account, whoever asked for it.
    const account = row.userId ? { id: row.userId } : await userIdByEmail(tx, row.email);
    await mailer.send(
      {
        to: row.email,
        userId: account?.id,
        subject: CONFIRM_SUBJECT,
        text:
          `Hello,\n\nSomeone (hopefully you) asked to receive the Adwise newsletter at this address: tips on running better ads and news about the product.\n\n` +
          `Confirm your subscription by opening this link within ${days} days:\n\n${link(NEWSLETTER_CONFIRM_PAGE, token)}\n\n` +
          `If you did not ask for this, ignore this e-mail: nothing more will be sent.\n\n` +
          `Unsubscribe at any time: ${unsubscribeLink(row)}\n`,
      },
      tx,
    );
  }

  /**
   * Starts (or restarts) a subscription in the caller's transaction: new and pending addresses
   * get a confirmation mail (a pending one at most once per NEWSLETTER_RESEND_MS), a confirmed one
   * none. `own` marks the signed-in user's own address, the only case whose reply may say
   * "already subscribed"; a visitor gets the same words whatever the address's state.
   */
  async function subscribeIn(
    tx: Tx,
    email: string,
    source: NewsletterSource,
    owner?: string,
  ): Promise<NewsletterReply> {
    const now = clock.now();
    const nonce = newOpaqueToken();
    const inserted = await insertSubscriptionUnlessPresent(tx, {
      email,
      source,
      userId: owner ?? null,
      unsubscribeNonce: nonce,
      unsubscribeTokenHash: hashToken(unsubscribeToken(nonce)),
      createdAt: now,
    });
    const isNew = inserted.length > 0;
    let [row] = isNew ? inserted : await lockSubscriptionByEmail(tx, email);
    if (owner && row.userId !== owner) {
      [row] = await updateSubscription(tx, row.id, { userId: owner });
    }

    if (row.status === 'confirmed')
      return { detail: owner ? NEWSLETTER_MESSAGES.alreadyConfirmed : NEWSLETTER_MESSAGES.checkInbox };
    const recentlySent =
      row.confirmSentAt !== null && now.getTime() - row.confirmSentAt.getTime() < NEWSLETTER_RESEND_MS;
    if (!isNew && recentlySent) return { detail: NEWSLETTER_MESSAGES.checkInbox };
    if (!isNew && row.status === 'unsubscribed') {
      await updateSubscription(tx, row.id, { source });
    }
    await sendConfirmation(tx, row, now);
    return { detail: NEWSLETTER_MESSAGES.checkInbox };
  }

  return {
    /**
     * POST newsletter/subscribe/ (and the contact form's newsletter box, inside its transaction).
     * A signed-in user without an address, or with their own, subscribes their account address.
     */
    async subscribe({ email, source, userId }: SubscribeRequest, tx?: Tx): Promise<NewsletterReply> {
      const run = async (conn: Tx) => {
        let address = email?.trim().toLowerCase();
        let owner: string | undefined;
        if (userId) {
          const accountEmail = await userEmail(conn, userId);
          if (address === undefined || address === accountEmail) {
            address = accountEmail;
            owner = userId;
          }
        }
        if (!address) throw badRequest(NEWSLETTER_MESSAGES.emailRequired, 'email');
        return subscribeIn(conn, address, source, owner);
      };
      const reply = await (tx ? run(tx) : db.transaction(run));
      log.info({ source }, 'newsletter subscribe request handled');
      return reply;
    },

    /** POST newsletter/confirm/: the mailed link's token confirms a pending subscription (again: still confirmed). */
    async confirm(token: string): Promise<NewsletterReply> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await lockSubscriptionByConfirmHash(tx, hashToken(token));
        if (!row || row.status === 'unsubscribed') throw badRequest(NEWSLETTER_MESSAGES.invalidToken, 'token');
        if (row.status === 'confirmed') return { detail: NEWSLETTER_MESSAGES.confirmed };
        if (!row.confirmExpiresAt || row.confirmExpiresAt.getTime() <= now.getTime())
          throw badRequest(NEWSLETTER_MESSAGES.invalidToken, 'token');
        // Opening the link proves the address, so a subscription of an account's address now belongs to it.
        const account = await userIdByEmail(tx, row.email);
        await updateSubscription(tx, row.id, {
          status: 'confirmed',
          confirmedAt: now,
          userId: row.userId ?? account?.id ?? null,
        });
        if (account) await setAccountNewsletter(tx, account.id, true);
        return { detail: NEWSLETTER_MESSAGES.confirmed };
      });
    },

    /** POST newsletter/unsubscribe/: idempotent; an old confirmation link stops working too. */
    async unsubscribe(token: string): Promise<NewsletterReply> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await lockSubscriptionByUnsubscribeHash(tx, hashToken(token));
        if (!row) throw badRequest(NEWSLETTER_MESSAGES.invalidToken, 'token');
        if (row.status !== 'unsubscribed') {
          await updateSubscription(tx, row.id, {
            status: 'unsubscribed',
            unsubscribedAt: now,
            confirmTokenHash: null,
            confirmExpiresAt: null,
          });
          await setAccountNewsletterByEmail(tx, row.email, false);
        }
        return { detail: NEWSLETTER_MESSAGES.unsubscribed };
      });
    },

    /** GET newsletter/: the signed-in user's own subscription (`none` when there is none). */
    async status(userId: string): Promise<NewsletterStatusReply> {
      const email = await userEmail(db, userId);
      const row = await subscriptionByEmail(db, email);
      return { status: row?.status ?? 'none', email };
    },
  };
}
export type NewsletterService = ReturnType<typeof createNewsletterService>;
