import { ALERT_MESSAGES } from '@shared/api/alerts';

import type { AppContext } from '../../context';
import { testConfig } from '../../test/buildTestApp';
import { createAlertWebhook, publicOnlyLookup } from './alerts.webhook';

describe('the alert webhook’s address rules', () => {
  const principal = { userId: 'u', workspaceId: 'w', role: 'owner' as const };
  /** The refusal comes before any database work: the context needs only the config. */
  const webhookIn = (env: 'production' | 'test', allow: string[] = []) =>
    createAlertWebhook({ config: { ...testConfig(), env, webhookAllowHosts: allow } } as unknown as Pick<
      AppContext,
      'db' | 'queue' | 'clock' | 'log' | 'config'
    >);

  it('must be https in production', async () => {
    await expect(webhookIn('production').save(principal, 'http://hooks.example.com/x')).rejects.toMatchObject({
      statusCode: 400,
      message: ALERT_MESSAGES.webhookNotHttps,
    });
  });

  it('never names a private, loopback or link-local address, in any environment, unless the operator allows that host', async () => {
    for (const url of [
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://[fd00::1]/x',
      'https://[::ffff:192.168.0.1]/x',
      'https://169.254.169.254/x',
    ]) {
      await expect(webhookIn('production').save(principal, url)).rejects.toMatchObject({
        statusCode: 400,
        message: ALERT_MESSAGES.webhookPrivate,
      });
    }
    // Allowed by the operator: refused no more (it then fails only for want of a database here).
    await expect(
      webhookIn('production', ['127.0.0.1']).save(principal, 'https://127.0.0.1/x'),
    ).rejects.not.toMatchObject({ statusCode: 400 });
  });
});

describe('the webhook connection’s own lookup', () => {
  const resolve = (lookup: ReturnType<typeof publicOnlyLookup>, host: string) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((done) =>
      lookup(host, {}, (error, address) => done({ error, address })),
    );

  it('hands the connection no private or loopback address, so a host cannot turn private between the check and the call', async () => {
    const refused = await resolve(publicOnlyLookup([]), 'localhost');
    expect(refused.error).toMatchObject({ code: 'EPRIVATE', message: ALERT_MESSAGES.webhookPrivate });
    const allowed = await resolve(publicOnlyLookup(['localhost']), 'localhost');
    expect(allowed.error).toBeNull();
    expect(['127.0.0.1', '::1']).toContain(allowed.address);
  });
});
