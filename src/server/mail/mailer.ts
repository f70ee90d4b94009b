import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

import type { Db, DbOrTx, Tx } from '../db/connect';
import type { JobQueue } from '../jobs/queue';
import {
  attachmentsOf,
  claimOutboxBatch,
  insertOutboxAttachments,
  insertOutboxMessage,
  type NewOutboxRow,
  outboxMessages,
  type OutboxRow,
  settleOutboxMessage,
} from './outbox.queries';

export { attachmentsOf, listOutbox } from './outbox.queries';

/** A file an e-mail carries; with a `contentId`, an image its HTML shows inline as cid:<contentId>. */
export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
  contentId?: string;
}

/** An e-mail to send; `userId` ties it to an account so it is erased with it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  userId?: string;
  /** Display name of the sender (a workspace's, on its reports); the address stays the product's. */
  fromName?: string | null;
  replyTo?: string | null;
  attachments?: MailAttachment[];
}

/** The From of a message: the product's address, under the message's own display name when it has one. */
export function fromOf(productFrom: string, fromName: string | null): string | { name: string; address: string } {
  if (!fromName) return productFrom;
  const address = /<([^>]+)>/.exec(productFrom)?.[1] ?? productFrom.trim();
  return { name: fromName, address };
}

/** Stable id of the job that delivers pending outbox rows. */
export const OUTBOX_FLUSH_JOB = 'mail.outbox.flush';
/** Rows one flush handles; the rest wait for the next run. */
const FLUSH_BATCH = 50;
/** A message that failed this often is marked failed and left for a person to look at. */
export const MAX_SEND_ATTEMPTS = 5;
/** Seconds a flush may hold a claimed row before another flush takes it over. */
const CLAIM_LEASE_SECONDS = 300;

/**
 * What the log may say about a failed SMTP delivery: nodemailer's codes, never its message, which
 * quotes the server's reply ("550 <ann@example.com>: Recipient address rejected"). The full
 * message stays on the outbox row (last_error), beside the address it concerns.
 */
export function smtpFailure(error: unknown): Record<string, string | number> {
  const out: Record<string, string | number> = { type: error instanceof Error ? error.name : typeof error };
  if (error && typeof error === 'object') {
    for (const field of ['code', 'command', 'responseCode'] as const) {
      const value = (error as Record<string, unknown>)[field];
      if (typeof value === 'string' || typeof value === 'number') out[field] = value;
    }
  }
  return out;
}

/**
 * Builds the SMTP transport when SMTP_URL is set; without one, mail stays in the outbox. nodemailer
 * loads only then: a server without SMTP never needs it, and it costs about 25 ms of a start.
 */
export async function createSmtpTransport(smtpUrl: string | undefined): Promise<Transporter | null> {
  if (!smtpUrl) return null;
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport(smtpUrl);
}

export interface Mailer {
  /** Writes the message to the outbox (in the caller's transaction when given) and schedules delivery. */
  send(message: MailMessage, tx?: Tx): Promise<string>;
  /** Delivers pending rows; returns how many were handled. Run by the flush job. */
  flush(): Promise<number>;
}

export interface MailerDeps {
  db: Db;
  queue: JobQueue;
  transport: Transporter | null;
  from: string;
  log: FastifyBaseLogger;
}

/** The product's one way to send e-mail: a transactional outbox delivered by a job. */
export function createMailer({ db, queue, transport, from, log }: MailerDeps): Mailer {
  async function insert(conn: DbOrTx, message: MailMessage): Promise<string> {
    const id = await insertOutboxMessage(conn, {
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      userId: message.userId ?? null,
      fromName: message.fromName ?? null,
      replyTo: message.replyTo ?? null,
    });
    const attachments = message.attachments ?? [];
    if (attachments.length > 0) {
      await insertOutboxAttachments(
        conn,
        attachments.map((file, position) => ({
          outboxId: id,
          position,
          fileName: file.fileName,
          contentType: file.contentType,
          contentId: file.contentId ?? null,
          content: file.content,
        })),
      );
    }
    return id;
  }

  async function deliver(row: OutboxRow): Promise<Partial<NewOutboxRow>> {
    if (!transport) {
      // No SMTP configured: the outbox is the mailbox. The log names the row only: subjects carry
      // names (the contact form's) and once carried codes, and the address is personal data.
      log.info({ outboxId: row.id }, 'e-mail kept in the outbox (no SMTP_URL); read it at /dev/mailbox');
      return { status: 'outbox', sentAt: new Date() };
    }
    try {
      const attachments = await attachmentsOf(db, row.id);
      await transport.sendMail({
        from: fromOf(from, row.fromName),
        replyTo: row.replyTo ?? undefined,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        attachments: attachments.map((file) => ({
          filename: file.fileName,
          contentType: file.contentType,
          content: file.content,
          cid: file.contentId ?? undefined,
        })),
      });
      return { status: 'sent', sentAt: new Date(), attempts: row.attempts + 1, lastError: null };
    } catch (error) {
      const attempts = row.attempts + 1;
      log.warn({ outboxId: row.id, attempts, smtp: smtpFailure(error) }, 'e-mail delivery failed');
      return {
        status: attempts >= MAX_SEND_ATTEMPTS ? 'failed' : 'pending',
        attempts,
        lastError: String((error as Error).message ?? error),
      };
    }
  }

  async function flush(): Promise<number> {
    // Claim a batch in one short statement (SKIP LOCKED: flushes on several workers never take
    // the same row), then talk to SMTP outside any transaction so the database is never held
    // open on the network. A claim older than the lease was left by a crashed worker.
    const ids = await claimOutboxBatch(db, FLUSH_BATCH, CLAIM_LEASE_SECONDS);
    if (ids.length === 0) return 0;
    const rows = await outboxMessages(db, ids);
    for (const row of rows) {
      const update = await deliver(row);
      await settleOutboxMessage(db, row.id, update);
    }
    return rows.length;
  }

  return {
    flush,
    async send(message, tx) {
      const enqueue = async (conn: Tx) => {
        const id = await insert(conn, message);
        await queue.send(OUTBOX_FLUSH_JOB, { reason: 'new-message' }, { tx: conn });
        return id;
      };
      return tx ? enqueue(tx) : db.transaction(enqueue);
    },
  };
}
