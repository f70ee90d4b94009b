import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';

import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';

import { outbox } from '../db/schema';
import { buildTestApp, eventually, type TestApp } from '../test/buildTestApp';
import { createSmtpTransport, MAX_SEND_ATTEMPTS, smtpFailure } from './mailer';

/** A log stream for buildTestApp that keeps every line, parsed. */
function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it is sent (or refuses every recipient). */
async function startSmtpServer(options: { refuseRecipients?: boolean } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      // Real servers quote the address in their refusal.
      if (options.refuseRecipients)
        return callback(
          Object.assign(new Error(`<${address.address}>: Recipient address rejected`), { responseCode: 550 }),
        );
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('the outbox flush job over real SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({ mailTransport: await createSmtpTransport(smtp.url) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers a queued message through the job queue and marks it sent', async () => {
    const id = await t.app.ctx.mailer.send({
      to: 'ravi@example.com',
      subject: 'Your reset link',
      text: 'Open https://x/reset?t=1',
    });
    const row = await eventually(async () => {
      const [r] = await t.app.ctx.db.select().from(outbox).where(eq(outbox.id, id));
      return r.status === 'sent' ? r : undefined;
    });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attempts).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual(['ravi@example.com']);
    expect(smtp.received[0].raw).toContain('Subject: Your reset link');
    expect(smtp.received[0].raw).toContain('Open https://x/reset?t=1');
  });

  it('sends a message under its own sender name and reply-to, with its attachments and inline images', async () => {
    const pdf = Buffer.from('%PDF-1.4 report');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    const id = await t.app.ctx.mailer.send({
      to: 'cfo@acme.example',
      subject: 'Acme weekly',
      text: 'Attached.',
      html: '<p>Attached.</p><img src="cid:chart" alt="">',
      fromName: 'Northwind Reports',
      replyTo: 'team@northwind.example',
      attachments: [
        { fileName: 'acme.pdf', contentType: 'application/pdf', content: pdf },
        { fileName: 'chart.png', contentType: 'image/png', content: png, contentId: 'chart' },
      ],
    });
    await eventually(async () => {
      const [r] = await t.app.ctx.db.select().from(outbox).where(eq(outbox.id, id));
      return r.status === 'sent' ? r : undefined;
    });
    const raw = smtp.received.find((mail) => mail.raw.includes('Subject: Acme weekly'))!.raw;
    // The product's address stays the From; the name is the workspace's.
    expect(raw).toContain('From: Northwind Reports <no-reply@adwise.test>');
    expect(raw).toContain('Reply-To: team@northwind.example');
    expect(raw).toMatch(/Content-Type: application\/pdf; name=acme\.pdf/);
    expect(raw).toContain(pdf.toString('base64'));
    expect(raw).toContain('Content-ID: <chart>');
  });

  it("writes the message and its job in the caller's transaction: a rollback leaves neither", async () => {
    const before = await t.app.ctx.db.select().from(outbox);
    await expect(
      t.app.ctx.db.transaction(async (tx) => {
        await t.app.ctx.mailer.send({ to: 'x@example.com', subject: 'Never', text: 'never' }, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = await t.app.ctx.db.select().from(outbox);
    expect(after).toHaveLength(before.length);
  });
});

describe('the outbox without SMTP', () => {
  let t: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    t = await buildTestApp({ mailTransport: null, logStream: log.stream, config: { logLevel: 'info' } });
  });
  afterAll(() => t.close());

  it('keeps mail in the outbox for the development mailbox, and logs only the row id', async () => {
    const id = await t.app.ctx.mailer.send({
      to: 'ann@example.com',
      subject: 'Contact form: Ann Example',
      text: 'Your code is 123456',
    });
    const row = await eventually(async () => {
      const [r] = await t.app.ctx.db.select().from(outbox).where(eq(outbox.id, id));
      return r.status === 'outbox' ? r : undefined;
    });
    expect(row.toAddress).toBe('ann@example.com');
    const line = log.lines.find((l) => l.outboxId === id)!;
    expect(line.msg).toBe('e-mail kept in the outbox (no SMTP_URL); read it at /dev/mailbox');
    expect(Object.keys(line).filter((key) => !['level', 'time', 'pid', 'hostname', 'msg'].includes(key))).toEqual([
      'outboxId',
    ]);
    expect(JSON.stringify(log.lines)).not.toMatch(/ann@|Ann Example|123456/);
  });
});

describe('a recipient the SMTP server refuses', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    smtp = await startSmtpServer({ refuseRecipients: true });
    t = await buildTestApp({
      workers: false,
      mailTransport: await createSmtpTransport(smtp.url),
      logStream: log.stream,
      config: { logLevel: 'info' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('logs the SMTP codes, never the reply that quotes the address; the row keeps the full error', async () => {
    const [row] = await t.app.ctx.db
      .insert(outbox)
      .values({ toAddress: 'zoe.refused@example.com', subject: 'S', textBody: 'T' })
      .returning();
    expect(await t.app.ctx.mailer.flush()).toBe(1);
    const [current] = await t.app.ctx.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(current.status).toBe('pending');
    expect(current.lastError).toContain('zoe.refused@example.com');

    const line = log.lines.find((l) => l.msg === 'e-mail delivery failed')!;
    expect(line).toMatchObject({ outboxId: row.id, attempts: 1, smtp: { code: 'EENVELOPE', responseCode: 550 } });
    expect(JSON.stringify(log.lines)).not.toContain('zoe.refused');
  });

  it('keeps only the codes of whatever a transport throws', () => {
    expect(
      smtpFailure(
        Object.assign(new Error('550 <a@b.c> rejected'), {
          code: 'EENVELOPE',
          command: 'RCPT TO',
          responseCode: 550,
          response: '550 <a@b.c>',
        }),
      ),
    ).toEqual({
      type: 'Error',
      code: 'EENVELOPE',
      command: 'RCPT TO',
      responseCode: 550,
    });
    expect(smtpFailure('odd')).toEqual({ type: 'string' });
  });
});

describe('delivery failures', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on this port, so every attempt fails.
    t = await buildTestApp({ workers: false, mailTransport: await createSmtpTransport('smtp://127.0.0.1:1') });
  });
  afterAll(() => t.close());

  it('retries a failing message and gives up after the attempt limit', async () => {
    const [row] = await t.app.ctx.db
      .insert(outbox)
      .values({ toAddress: 'z@example.com', subject: 'S', textBody: 'T' })
      .returning();
    for (let attempt = 1; attempt <= MAX_SEND_ATTEMPTS; attempt++) {
      expect(await t.app.ctx.mailer.flush()).toBe(1);
      const [current] = await t.app.ctx.db.select().from(outbox).where(eq(outbox.id, row.id));
      expect(current.attempts).toBe(attempt);
      expect(current.status).toBe(attempt < MAX_SEND_ATTEMPTS ? 'pending' : 'failed');
      expect(current.lastError).toEqual(expect.any(String));
    }
    expect(await t.app.ctx.mailer.flush()).toBe(0);
  });
});
