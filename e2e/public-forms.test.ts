import { api } from './support/api';
import { DESKTOP, pagePerTest, PHONE } from './support/browser';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The development outbox, newest last. */
async function mailsTo(address: string): Promise<OutboxMail[]> {
  const { messages } = (await api('dev/outbox')) as { messages: OutboxMail[] };
  return messages.filter((mail) => mail.to === address);
}

describe('the contact form in Chromium', () => {
  const session = pagePerTest(DESKTOP);

  it('shows every validation message, then sends a trimmed message and shows the confirmation', async () => {
    const { page } = session;
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact' });
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Please fix the highlighted fields.').waitFor();
    await page.getByText('Please enter your full name.').waitFor();
    await page.getByText('Please enter a valid email address.').waitFor();
    await page.getByText('Tell us a bit about your request.').waitFor();
    // The first invalid field takes the focus.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('fullName');

    const address = `e2e-contact-${Date.now()}@example.com`;
    await form.getByLabel('Full Name').fill('  Kavya Menon  ');
    await form.locator('input[name="email"]').fill(address);
    const message = form.getByLabel('Message');
    await message.fill('x'.repeat(975));
    await page.getByText('25 characters left').waitFor();
    const amber = await page.getByText('25 characters left').evaluate((el) => getComputedStyle(el).color);
    expect(amber).toBe('rgb(146, 64, 14)');
    await message.fill('  We run ads on Meta and LinkedIn and would like a demo.  ');
    await form.getByRole('button', { name: 'Send message' }).click();

    await page.getByRole('heading', { name: 'Message sent' }).waitFor();
    await page.getByText('Thanks! Your message was sent.').waitFor();
    // The newsletter box was on: a double opt-in mail went out to the sender.
    const mails = await mailsTo(address);
    expect(mails.map((mail) => mail.subject)).toContain('Confirm your Adwise newsletter subscription');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('the newsletter in Chromium', () => {
  const session = pagePerTest(PHONE);

  it('subscribes from the footer, confirms by the e-mailed link, and unsubscribes by the link in the mail', async () => {
    const { page } = session;
    const address = `e2e-news-${Date.now()}@example.com`;
    await page.goto('/');
    const footer = page.locator('footer');
    expect(await footer.getByRole('checkbox').first().isChecked()).toBe(true);
    await footer.getByLabel('Newsletter email').fill(address);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await footer.getByText('Check your inbox to confirm your subscription.').waitFor();

    const [mail] = await mailsTo(address);
    const confirmLink = /(http\S+\/newsletter\/confirm\?token=\S+)/.exec(mail.text)![1];
    const unsubscribeLink = /(http\S+\/newsletter\/unsubscribe\?token=\S+)/.exec(mail.text)![1];
    await page.goto(confirmLink);
    await page.getByText('Your subscription is confirmed.').waitFor();
    await page.goto(unsubscribeLink);
    await page.getByText('You have been unsubscribed.').waitFor();
  });
});

describe('careers, pricing and search in Chromium', () => {
  const session = pagePerTest(PHONE);

  it('filters the open roles by search, type and location together', async () => {
    const { page } = session;
    await page.goto('/careers');
    const roles = page.getByRole('list', { name: 'Open roles' });
    await roles.getByText('Frontend Developer').waitFor();
    expect(await roles.getByRole('listitem').count()).toBe(3);

    await page.getByLabel('Job type').selectOption('Internship');
    await roles.getByText('UI/UX Designer').waitFor();
    expect(await roles.getByRole('listitem').count()).toBe(1);

    await page.getByLabel('Job type').selectOption('All');
    await page.getByLabel('Location').selectOption('India');
    await page.getByLabel('Search roles').fill('content');
    await roles.getByText('Content & SEO Strategist').waitFor();
    expect(await roles.getByRole('listitem').count()).toBe(1);

    await page.getByLabel('Search roles').fill('designer');
    await page
      .getByText("No open roles match your filters—reach out anyway if you're excited to work with us.")
      .waitFor();

    await page.getByLabel('Location').selectOption('All');
    const apply = page.getByRole('link', { name: 'Apply for UI/UX Designer' });
    const href = decodeURIComponent((await apply.getAttribute('href'))!);
    expect(href).toContain('mailto:careers@adwise.app?subject=Application: UI/UX Designer');
  });

  it('switches the Pro price between monthly and yearly billing', async () => {
    const { page } = session;
    await page.goto('/pricing');
    await page.getByText('₹1,999').first().waitFor();
    await page.getByText('Save up to 20%').waitFor();
    await page.getByRole('button', { name: 'Yearly', exact: true }).click();
    await page.getByText('₹1,599').first().waitFor();
    await page.getByText(/billed ₹19,188 yearly/).waitFor();
    expect(await page.getByText('₹1,999').count()).toBe(0);
    await page.getByRole('button', { name: 'Monthly', exact: true }).click();
    await page.getByText('₹1,999').first().waitFor();
  });

  it('finds pages, articles and roles from the not-found page, with the matches highlighted', async () => {
    const { page } = session;
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByRole('searchbox').first().fill('budget');
    await page.getByRole('searchbox').first().press('Enter');
    await page.waitForURL(/\/search\?q=budget/);
    await page.getByText(/\d+ results? found/).waitFor();
    const marks = await page.locator('mark').allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.every((text) => text.toLowerCase() === 'budget')).toBe(true);
    await page.getByRole('link', { name: /Budget pacing across Meta, Google and LinkedIn/ }).click();
    await page.waitForURL(/\/blog\//);
    await page.getByRole('heading', { level: 1, name: 'Budget pacing across Meta, Google and LinkedIn' }).waitFor();

    await page.goto('/search?q=frontend');
    await page.getByRole('link', { name: 'Frontend Developer' }).waitFor();
    await page.goto('/search?q=zzzqqq');
    await page.getByText('No pages match "zzzqqq"').waitFor();
  });
});
