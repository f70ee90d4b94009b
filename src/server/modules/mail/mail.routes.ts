import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { listOutbox } from '../../mail/mailer';

/** How many messages the development mailbox shows. */
const MAILBOX_SIZE = 50;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Row shape of the outbox as the mailbox shows it. */
function presentMessage(row: Awaited<ReturnType<typeof listOutbox>>[number]) {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Development only: the outbox as a page (/dev/mailbox) and as JSON (API dev/outbox), so a new
 * user can read OTP and password-reset mails without an SMTP server. Never registered in production.
 */
export const devMailboxPage: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/dev/mailbox', async (_request, reply) => {
    const messages = (await listOutbox(ctx.db, MAILBOX_SIZE)).map(presentMessage);
    const items = messages
      .map(
        (m) => `<article><header><h2>${escapeHtml(m.subject)}</h2><p>To <b>${escapeHtml(m.to)}</b> · ${escapeHtml(m.createdAt)} · ${escapeHtml(m.status)}</p></header><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('\n');
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Adwise development mailbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b2430}
article{border:1px solid #d6dbe4;border-radius:8px;padding:1rem;margin:1rem 0}h2{margin:0;font-size:1.1rem}
pre{white-space:pre-wrap;background:#f5f7fb;padding:.75rem;border-radius:6px}header p{margin:.25rem 0;color:#566}</style></head>
<body><h1>Development mailbox</h1><p>E-mail the product sent while no SMTP_URL is set (newest first, last ${MAILBOX_SIZE}).</p>
${items || '<p>No e-mail yet.</p>'}</body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  });
};

/** JSON twin of the mailbox under the API prefix (development only). */
export const devOutboxApi: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/dev/outbox', { schema: { summary: 'Development only: the newest outbox e-mails', tags: ['Development'] } }, async (_request, reply) => {
    const messages = (await listOutbox(ctx.db, MAILBOX_SIZE)).map(presentMessage);
    return reply.header('cache-control', 'no-store').send({ messages });
  });
};
