import { randomBytes } from 'node:crypto';
import fs from 'node:fs';

import sharp from 'sharp';
import { extractText } from 'unpdf';

import { api, DEMO, loginInBrowser, syncedAll, trialUser } from './support/api';
import { DESKTOP, pagePerTest } from './support/browser';
import { readState } from './support/server';

const PASSWORD = 'Str0ng pass!';

/**
 * The Creative Analyzer on the real server, for a user on a trial (which counts as Pro): a copy
 * and an image for Meta feed are analysed; the page marks up the copy's cues with their reasons,
 * shows where Meta feed cuts the text, scores the image, and ranks three variants. Then the
 * copy is analysed again with another headline (what changed is shown), both are in the history,
 * a share link opens in a signed-out browser, and the PDF carries the overall score.
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
    await page
      .getByRole('textbox', { name: 'Primary text', exact: true })
      .fill('Join 2,000 coffee lovers. Guaranteed to cure your Monday blues!');
    await page.getByRole('textbox', { name: 'Call to action (CTA)' }).fill('Shop now');
    // The cut previewed while typing, before anything is sent.
    await page.getByText(/^79\/40: over the limit, cut for good\.$/).waitFor();
    const image = await sharp({ create: { width: 1080, height: 1080, channels: 3, background: '#c05020' } })
      .png()
      .toBuffer();
    await page.setInputFiles('input[type="file"]', { name: 'ad.png', mimeType: 'image/png', buffer: image });
    await page.getByRole('button', { name: 'Analyse', exact: true }).click();

    // The copy marked up: the policy-risk claim is a cost, with its reason on the mark.
    const markedUp = page.getByRole('region', { name: 'Your copy, marked up' });
    const guaranteed = markedUp
      .locator('mark[data-kind="cost"]')
      .filter({ hasText: /Guaranteed/i })
      .first();
    await guaranteed.waitFor();
    await guaranteed.focus();
    expect((await page.getByRole('tooltip').first().textContent())?.length ?? 0).toBeGreaterThan(10);
    // Meta feed cuts the long headline, and says so.
    const cut = page.getByRole('list', { name: 'How it shows on Meta feed' });
    await cut.getByText('(cut on Meta feed)').first().waitFor();
    // The headline model with its held-out validation, and the image's scores.
    await page
      .getByText(/headline A\/B tests it never saw/)
      .first()
      .waitFor();
    const scored = page.getByRole('list', { name: 'Image scores' });
    await scored.waitFor();
    await page.getByText(/^PNG, 1080×1080 pixels/).waitFor();

    // Three variants ranked, each step explained.
    const compare = page.getByRole('region', { name: 'Compare variants' });
    await compare.getByRole('button', { name: 'Add variant' }).click();
    const headlines = [
      'Coffee',
      'Save 30% on fresh coffee, roasted this week',
      'Try our coffee: 2,000 teams start their day with it',
    ];
    for (let i = 0; i < 3; i += 1)
      await compare.getByRole('textbox', { name: `Variant ${i + 1} headline` }).fill(headlines[i]);
    await compare.getByRole('button', { name: 'Compare', exact: true }).click();
    const ranking = compare.getByRole('list', { name: 'Ranking' });
    await ranking.waitFor();
    expect(await ranking.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);

    // Analysed again with a changed headline: the form kept the rest, and the page says what changed.
    const newHeadline = 'Fresh coffee, roasted this week: 30% off your first bag';
    await page.getByRole('textbox', { name: 'Headline 1', exact: true }).fill(newHeadline);
    await page.getByRole('button', { name: 'Analyse', exact: true }).click();
    const changed = page.getByRole('region', { name: 'What changed' });
    await changed.getByText('Changed: Headlines.').waitFor();
    expect(await changed.getByText(/^Overall score: \d+ → \d+, (up|down|unchanged)/).count()).toBe(1);
    const overallText = (await page.getByRole('region', { name: 'Overall score' }).textContent()) ?? '';
    const overall = /(\d+)\/100/.exec(overallText)![1];

    // The PDF, downloaded with the session: its text carries the overall score.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = fs.readFileSync((await download.path())!);
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    expect(text).toContain(`${overall}/100`);
    expect(text).toContain(newHeadline.slice(0, 20));

    // A share link, made in the dialog and opened in a browser that is signed in to nothing.
    await page.getByRole('button', { name: 'Share link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share a read-only link' });
    await dialog.getByRole('combobox', { name: 'Link expires after' }).selectOption('7');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
    expect(url).toMatch(/\/shared\/creative\//);
    await dialog.getByRole('list', { name: 'Open links' }).getByRole('listitem').first().waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    const stranger = await session.context.browser()!.newContext({ viewport: DESKTOP, baseURL: readState().baseUrl });
    try {
      const shared = await stranger.newPage();
      await shared.goto(new URL(url).pathname);
      await shared.getByRole('heading', { name: 'Shared creative analysis', level: 1 }).waitFor();
      await shared.getByRole('region', { name: 'Overall score' }).getByText(`${overall}/100`).waitFor();
      await shared.getByText(/^Shared by /).waitFor();
    } finally {
      await stranger.close();
    }

    // The history has both analyses (and the comparison), newest first.
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('list', { name: 'Saved analyses' });
    await history.getByRole('button', { name: new RegExp(newHeadline.slice(0, 20)) }).waitFor();
    await history.getByRole('button', { name: new RegExp(longHeadline.slice(0, 20)) }).waitFor();
    expect(await history.getByRole('listitem').count()).toBe(3);
  }, 180_000);

  it('scores the demo account’s live ads against their campaigns and opens one in the analyzer', async () => {
    const { page } = session;
    const { access: token } = (await api('login/', {
      method: 'POST',
      body: { username: DEMO.email, password: DEMO.password },
    })) as { access: string };
    await syncedAll(token, 3);
    await loginInBrowser(page, DEMO.email, DEMO.password);
    await page.goto('/creative-analyzer');
    await page.getByRole('tab', { name: 'Live ads' }).click();
    const live = page.getByRole('region', { name: 'Live ads' });
    await live.getByText(/^Scores appear once an ad has spent /).waitFor();
    // A campaign's ads, scored against each other: an overall score with its range on a scored ad.
    const table = live.getByRole('table', { name: /^Ads of .*, scored against each other$/ }).first();
    await table.waitFor();
    const scoredRow = table
      .getByRole('row')
      .filter({ hasText: /\d+ \(\d+–\d+\)/ })
      .first();
    await scoredRow.waitFor();
    const adName = ((await scoredRow.getByRole('cell').first().locator('p').first().textContent()) ?? '').trim();
    await scoredRow.getByRole('button', { name: `Show why for ${adName}` }).click();
    await table
      .getByText(/campaign/)
      .first()
      .waitFor();
    // The feedback loop beside them: a refit on the demo's launched ads, shown with the global weights it is judged against.
    const feedback = page.getByRole('region', { name: 'How well the pre-launch score predicts your ads' });
    await feedback.getByRole('button', { name: 'Refit now' }).click();
    await feedback.getByText(/^Last refit /).waitFor();
    await page.getByText('Refit on your launched ads.').waitFor();
    await feedback
      .getByRole('table', { name: 'Each part’s weight in the overall text score' })
      .getByRole('rowheader', { name: 'Headline model (A/B tests)' })
      .waitFor();
    // Opened in the analyzer: its copy in the form, its image read from the platform.
    await scoredRow.getByRole('button', { name: `Analyse ${adName}` }).click();
    await page.getByText(`The copy of live ad “${adName}” as the platform lists it.`, { exact: false }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Headline 1', exact: true }).inputValue()).not.toBe('');
    await page.getByRole('button', { name: 'Analyse', exact: true }).click();
    await page.getByRole('region', { name: 'Overall score' }).waitFor();
  }, 180_000);
});
