import { randomBytes } from 'node:crypto';

import type { DashboardView } from '@shared/api/dashboard';
import type { ReportDelivery } from '@shared/api/reportSchedules';
import type { WorkspaceSummary } from '@shared/api/workspaces';
import { reportCount, reportMoney } from '@shared/reportFormat';
import { extractText } from 'unpdf';

import { api, DEMO, loginInBrowser, syncedAll, until } from './support/api';
import { DESKTOP, openPage, ownServerAndBrowser } from './support/browser';
import { travel } from './support/sandbox';

const PASSWORD = 'Str0ng pass!';
const OUTSIDE = 'cfo@acme.example';

interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  fromName: string | null;
  attachments: { name: string; contentType: string; inline: boolean; url: string }[];
}

/**
 * Client reports on the real server (its own, so moving its clock does not disturb the other
 * files), as an agency on the demo account: brand the workspace, build a report and preview it,
 * schedule it weekly with review, move the clock past the run, approve the draft from the review
 * mail in the development mailbox, and read the sent mail's PDF: its figures are the dashboard's
 * for the same days. Then a client-role member sees the dashboard in the workspace's branding,
 * and a share link opens for someone signed out.
 */
describe('client reports in Chromium', () => {
  // A week ahead, a trial could have ended: the demo is on the Pro plan (DEMO_PLAN, development only).
  const own = ownServerAndBrowser({ SANDBOX_SEED: '5', DEMO_PLAN: 'pro' });

  const outbox = async (baseUrl: string) =>
    ((await api('dev/outbox', { baseUrl })) as { messages: OutboxMail[] }).messages;

  it('brands, builds, previews, schedules with review, approves from the mail, and sends the PDF with the dashboard’s figures', async () => {
    const baseUrl = own.server.baseUrl;
    const login = async (email = DEMO.email, password = DEMO.password) =>
      ((await api('login/', { method: 'POST', body: { username: email, password }, baseUrl })) as { access: string })
        .access;
    await syncedAll(await login(), 3, undefined, baseUrl);
    const { page, context } = await openPage(own.browser, DESKTOP, baseUrl);
    await loginInBrowser(page, DEMO.email, DEMO.password);

    // Brand the workspace.
    await page.goto('/workspace/settings');
    await page.getByRole('button', { name: 'Edit branding' }).click();
    await page.getByLabel('Name on reports').fill('Northwind Agency');
    await page.getByRole('textbox', { name: 'Primary colour', exact: true }).fill('#1a4d8f');
    await page.getByLabel('Sender name of report e-mails').fill('Northwind Reports');
    await page.getByLabel('Reply-to address of report e-mails').fill('team@northwind.example');
    await page.getByRole('button', { name: 'Save branding' }).click();
    await page.getByText('Branding saved.').waitFor();

    // Build a report; its preview shows its figures.
    await page.goto('/reports');
    const form = page.getByRole('form', { name: 'New report' });
    await form.getByLabel('Report name').fill('Acme weekly');
    await form.getByRole('radio', { name: /^Last week/ }).check();
    await form.getByRole('button', { name: 'Create report' }).click();
    await page
      .getByRole('navigation', { name: 'Your reports' })
      .getByRole('button', { name: /^Acme weekly/ })
      .waitFor();
    const preview = page.getByRole('region', { name: /preview/i }).last();
    await preview
      .getByText(/Headline figures/)
      .first()
      .waitFor();

    // Schedule it weekly, with review, to an outside address.
    const schedule = page.getByRole('form', { name: 'Schedule of Acme weekly' });
    await schedule.getByRole('radio', { name: /^Weekly/ }).check();
    await schedule.getByLabel(/Outside e-mail addresses/).fill(OUTSIDE);
    const review = schedule.getByRole('switch', { name: 'Review before sending' });
    if (!(await review.isChecked())) await review.check();
    await schedule.getByRole('button', { name: 'Save schedule' }).click();
    await page.getByText('Schedule saved.').waitFor();
    await page.getByText(/Next run:/).waitFor();

    // Eight days on, the run has been made and waits for review; nothing went to the client yet.
    await travel(8, baseUrl);
    const reviewMail = await until('the review mail', async () =>
      (await outbox(baseUrl)).find((m) => m.subject.startsWith('Review before sending: Acme weekly')),
    );
    expect((await outbox(baseUrl)).some((m) => m.to === OUTSIDE)).toBe(false);

    // Approve it from the mail in the development mailbox.
    await page.goto('/dev/mailbox');
    const article = page.locator('article').filter({ hasText: reviewMail.subject }).first();
    await article.getByRole('link', { name: /\/reports\/review\// }).click();
    await page.getByRole('heading', { name: 'Review before sending' }).waitFor();
    await page.getByLabel('Comment for the client').fill('Search carried the week; we moved budget there on Tuesday.');
    await page.getByRole('button', { name: 'Approve and send' }).click();
    await page.getByText(/Approved\. The report is on its way/).waitFor();

    // The sent mail: the workspace's sender name, the note, the PDF attached.
    const sent = await until('the report mail', async () => (await outbox(baseUrl)).find((m) => m.to === OUTSIDE));
    expect(sent.fromName).toBe('Northwind Reports');
    expect(sent.text).toContain('Search carried the week');
    const attachment = sent.attachments.find((file) => file.contentType === 'application/pdf')!;
    const bytes = new Uint8Array(await (await fetch(`${baseUrl}${attachment.url}`)).arrayBuffer());
    const text = (await extractText(bytes, { mergePages: true })).text.replace(/\s+/g, ' ');

    // Its figures are the dashboard's for the same days and currency.
    const token = await login();
    const [delivery] = ((await api('reports/deliveries/', { token, baseUrl })) as ReportDelivery[]).filter(
      (d) => d.status === 'sent',
    );
    const dashboard = (await api(`dashboard/?from=${delivery.from}&to=${delivery.to}&currency=USD`, {
      token,
      baseUrl,
    })) as DashboardView;
    expect(dashboard.summary.spend).toBeGreaterThan(0);
    for (const figure of [
      reportMoney(dashboard.summary.spend, 'USD'),
      reportCount(dashboard.summary.impressions),
      reportCount(dashboard.summary.conversions),
    ])
      expect(text).toContain(figure);
    expect(text).toContain('Northwind Agency');
    expect(text).toContain('Search carried the week');

    // The history shows it sent, with its recipient.
    await page.goto('/reports');
    const history = page.getByRole('region', { name: /Sent reports/ });
    await history.getByText(OUTSIDE).first().waitFor();
    await history.getByText('Sent', { exact: true }).first().waitFor();

    // A share link, opened by someone signed out, shows the report and nothing else.
    await page
      .getByRole('navigation', { name: 'Your reports' })
      .getByRole('button', { name: /^Acme weekly/ })
      .click();
    await page.getByRole('button', { name: /Create a share link/ }).click();
    const shareUrl = await page
      .getByRole('region', { name: 'Share links' })
      .getByRole('link')
      .first()
      .getAttribute('href');
    await context.close();
    const outsider = await openPage(own.browser, DESKTOP, baseUrl);
    await outsider.page.goto(shareUrl!.replace(/^https?:\/\/[^/]+/, ''));
    await outsider.page.getByRole('heading', { name: 'Acme weekly', level: 1 }).waitFor();
    await outsider.page.getByText('Northwind Agency').first().waitFor();
    await outsider.context.close();

    // A client-role member sees the dashboard in the workspace's branding.
    const clientEmail = `e2e-client-${randomBytes(4).toString('hex')}@example.com`;
    const agency = ((await api('workspaces/', { token, baseUrl })) as WorkspaceSummary[]).find((w) => w.personal)!;
    const workspace = agency.id;
    await api('workspace/invitations/', {
      method: 'POST',
      body: { email: clientEmail, role: 'client' },
      token,
      workspace,
      baseUrl,
    });
    const invitation = await until('the invitation mail', async () =>
      (await outbox(baseUrl)).find((m) => m.to === clientEmail),
    );
    const invitationToken = /\/invitations\/([\w.-]+)/.exec(invitation.text)![1];
    await api('register/', {
      method: 'POST',
      body: { fullName: 'Cleo Client', email: clientEmail, password: PASSWORD, confirmPassword: PASSWORD },
      baseUrl,
    });
    await api('invitations/accept/', {
      method: 'POST',
      body: { token: invitationToken },
      token: await login(clientEmail, PASSWORD),
      baseUrl,
    });
    const client = await openPage(own.browser, DESKTOP, baseUrl);
    // A member of two workspaces (their own and the agency's) lands on All clients.
    await loginInBrowser(client.page, clientEmail, PASSWORD, '/workspaces');
    await client.page.getByRole('button', { name: /^Workspace:/ }).click();
    await client.page
      .getByRole('menu')
      .getByRole('menuitem', { name: new RegExp(`^${agency.name}`) })
      .click();
    await client.page.goto('/dashboard');
    await client.page.getByRole('banner').getByText('Northwind Agency').first().waitFor();
    await client.context.close();
  }, 300_000);
});
