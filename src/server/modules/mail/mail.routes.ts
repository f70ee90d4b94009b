import { isUuid } from '@shared/validation/uuid';
import type { FastifyPluginAsync } from 'fastify';

import type { AppContext } from '../../context';
import { escapeHtml } from '../../lib/html';
import { attachmentsOf, listOutbox, outboxMessage } from '../../mail/outbox.queries';

/** How many messages the development mailbox shows. */
const MAILBOX_SIZE = 50;

/** Links in a message's escaped text, made clickable (the review link of a report draft, a reset link). */
const linkify = (escaped: string) => escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** The message id of a mailbox URL, when it is one (this page sits outside the API's schema validation). */
const messageIdOf = (params: unknown) => {
  const id = (params as { id?: string }).id ?? '';
  return isUuid(id) ? id.toLowerCase() : undefined;
};

/** Row shape of the outbox as the mailbox shows it, with its files (their URLs are the mailbox's own). */
async function presentMessages(ctx: AppContext, rows: Awaited<ReturnType<typeof listOutbox>>) {
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      to: row.toAddress,
      fromName: row.fromName,
      replyTo: row.replyTo,
      subject: row.subject,
      text: row.textBody,
      htmlUrl: row.htmlBody ? `/dev/mailbox/${row.id}/html` : null,
      attachments: (await attachmentsOf(ctx.db, row.id)).map((file) => ({
        name: file.fileName,
        contentType: file.contentType,
        inline: file.contentId !== null,
        url: `/dev/mailbox/${row.id}/attachments/${file.position}`,
      })),
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
  );
}

/**
 * Development only: the outbox as a page (/dev/mailbox) and as JSON (API dev/outbox), so a new
 * user can read OTP and password-reset mails without an SMTP server. Never registered in production.
 */
export const devMailboxPage: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/dev/mailbox', async (_request, reply) => {
    const messages = await presentMessages(ctx, await listOutbox(ctx.db, MAILBOX_SIZE));
    const items = messages
      .map((m) => {
        const from = m.fromName ? ` · from <b>${escapeHtml(m.fromName)}</b>` : '';
        const replyTo = m.replyTo ? ` · reply to ${escapeHtml(m.replyTo)}` : '';
        const files = [
          ...(m.htmlUrl ? [`<a href="${m.htmlUrl}">View as HTML</a>`] : []),
          ...m.attachments
            .filter((file) => !file.inline)
            .map((file) => `<a href="${file.url}">${escapeHtml(file.name)}</a>`),
        ];
        const links = files.length > 0 ? `<p class="files">${files.join(' · ')}</p>` : '';
        return `<article><header><h2>${escapeHtml(m.subject)}</h2><p>To <b>${escapeHtml(m.to)}</b>${from}${replyTo} · ${escapeHtml(m.createdAt)} · ${escapeHtml(m.status)}</p></header><pre>${linkify(escapeHtml(m.text))}</pre>${links}</article>`;
      })
      .join('\n');
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Adwise development mailbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b2430}
article{border:1px solid #d6dbe4;border-radius:8px;padding:1rem;margin:1rem 0}h2{margin:0;font-size:1.1rem}
pre{white-space:pre-wrap;word-break:break-word;background:#f5f7fb;padding:.75rem;border-radius:6px}header p{margin:.25rem 0;color:#566}</style></head>
<body><h1>Development mailbox</h1><p>E-mail the product sent while no SMTP_URL is set (newest first, last ${MAILBOX_SIZE}).</p>
${items || '<p>No e-mail yet.</p>'}</body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  });

  // The HTML part as a mail client shows it: its inline images (cid:) point at the mailbox's copies;
  // no script runs and nothing loads from elsewhere.
  app.get('/dev/mailbox/:id/html', async (request, reply) => {
    const id = messageIdOf(request.params);
    const row = id ? await outboxMessage(ctx.db, id) : undefined;
    if (!row?.htmlBody) return reply.code(404).type('text/plain').send('No such message.');
    const files = await attachmentsOf(ctx.db, row.id);
    const html = files.reduce(
      (out, file) =>
        file.contentId
          ? out.replaceAll(`cid:${file.contentId}`, `/dev/mailbox/${row.id}/attachments/${file.position}`)
          : out,
      row.htmlBody,
    );
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox allow-popups allow-popups-to-escape-sandbox",
      )
      .send(html);
  });

  app.get('/dev/mailbox/:id/attachments/:position', async (request, reply) => {
    const id = messageIdOf(request.params);
    const position = Number((request.params as { position?: string }).position);
    const file = id
      ? (await attachmentsOf(ctx.db, id)).find((candidate) => candidate.position === position)
      : undefined;
    if (!file) return reply.code(404).type('text/plain').send('No such file.');
    const disposition = file.contentId ? 'inline' : `attachment; filename="${file.fileName.replace(/[^\w.-]+/g, '-')}"`;
    return reply
      .type(file.contentType)
      .header('cache-control', 'no-store')
      .header('content-disposition', disposition)
      .send(file.content);
  });
};

/** JSON twin of the mailbox under the API prefix (development only). */
export const devOutboxApi: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/dev/outbox',
    { schema: { summary: 'Development only: the newest outbox e-mails', tags: ['Development'] } },
    async (_request, reply) => {
      const messages = await presentMessages(ctx, await listOutbox(ctx.db, MAILBOX_SIZE));
      return reply.header('cache-control', 'no-store').send({ messages });
    },
  );
};
