import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { loginInBrowser, trialUser } from './support/api';
import { DESKTOP, pagePerTest } from './support/browser';

const PASSWORD = 'Str0ng pass!';

/**
 * The Creative Analyzer on the real server, for a user on a trial (which counts as Pro): a copy
 * and an image for Meta feed are analysed; the page marks up the copy's cues with their reasons,
 * shows where Meta feed cuts the text, scores the image, and ranks three variants.
 */
describe('the Creative Analyzer in Chromium', () => {
  const session = pagePerTest(DESKTOP);

  it('analyses a copy and an image for Meta feed, marks up the cues, previews the cut, and ranks three variants', async () => {
    const { page } = session;
    const email = `e2e-creative-${randomBytes(4).toString('hex')}@example.com`;
    await trialUser(email, PASSWORD, 'Nisha Rao');
    await loginInBrowser(page, email, PASSWORD);
    await page.getByRole('link', { name: 'Creative Analyzer' }).first().click();
    await page.getByRole('heading', { name: 'Creative Analyzer', level: 1 }).waitFor();

    const longHeadline = 'Save 30% on your first order of hand-roasted coffee, delivered fresh every week';
    await page.getByRole('combobox', { name: 'Placement', exact: true }).selectOption('meta_feed');
    await page.getByRole('textbox', { name: 'Headline 1', exact: true }).fill(longHeadline);
    await page.getByRole('textbox', { name: 'Primary text', exact: true }).fill('Join 2,000 coffee lovers. Guaranteed to cure your Monday blues!');
    await page.getByRole('textbox', { name: 'Call to action (CTA)' }).fill('Shop now');
    const image = await sharp({ create: { width: 1080, height: 1080, channels: 3, background: '#c05020' } }).png().toBuffer();
    await page.setInputFiles('input[type="file"]', { name: 'ad.png', mimeType: 'image/png', buffer: image });
    await page.getByRole('button', { name: 'Analyse', exact: true }).click();

    // The copy marked up: the policy-risk claim is a cost, with its reason on the mark.
    const markedUp = page.getByRole('region', { name: 'Your copy, marked up' });
    const guaranteed = markedUp.locator('mark[data-kind="cost"]').filter({ hasText: /Guaranteed/i }).first();
    await guaranteed.waitFor();
    await guaranteed.focus();
    expect((await page.getByRole('tooltip').first().textContent())?.length ?? 0).toBeGreaterThan(10);
    // Meta feed cuts the long headline, and says so.
    const cut = page.getByRole('list', { name: 'How it shows on Meta feed' });
    await cut.getByText('(cut on Meta feed)').first().waitFor();
    // The headline model with its held-out validation, and the image's scores.
    await page.getByText(/headline A\/B tests it never saw/).first().waitFor();
    const scored = page.getByRole('list', { name: 'Image scores' });
    await scored.waitFor();
    await page.getByText(/^PNG, 1080×1080 pixels/).waitFor();

    // Three variants ranked, each step explained.
    const compare = page.getByRole('region', { name: 'Compare variants' });
    await compare.getByRole('button', { name: 'Add variant' }).click();
    const headlines = ['Coffee', 'Save 30% on fresh coffee, roasted this week', 'Try our coffee: 2,000 teams start their day with it'];
    for (let i = 0; i < 3; i += 1) await compare.getByRole('textbox', { name: `Variant ${i + 1} headline` }).fill(headlines[i]);
    await compare.getByRole('button', { name: 'Compare', exact: true }).click();
    const ranking = compare.getByRole('list', { name: 'Ranking' });
    await ranking.waitFor();
    expect(await ranking.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
  }, 120_000);
});
