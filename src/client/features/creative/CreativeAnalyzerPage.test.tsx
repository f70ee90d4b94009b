import { paths } from '@client/lib/paths';
import {
  COST_REASON,
  COST_WORD,
  EARNED_REASON,
  FAKE_IMAGE,
  type FakeCreativeOptions,
  fakeCreativeServer,
  fakeScore,
} from '@client/test/creative.handlers';
import { api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { CREATIVE_MESSAGES } from '@shared/api/creative';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import { ADD_VARIANT_LABEL, COMPARE_LABEL, RANKING_LABEL, variantFieldLabel } from './CompareVariants';
import { CreativeAnalyzerPage, NOT_FOR_ROLE } from './CreativeAnalyzerPage';
import {
  ADD_HEADLINE_LABEL,
  ANALYSE_LABEL,
  headlineLabel,
  PLACEMENT_LABEL,
  removeHeadlineLabel,
  TEXT_LABELS,
} from './CreativeForm';
import {
  HEADLINE_MODEL_HEADING,
  IMAGE_HEADING,
  IMAGE_SCORES_HEADING,
  OVERALL_HEADING,
  RESULTS_HEADING,
  SUB_SCORES_HEADING,
  SUGGESTIONS_HEADING,
  TRUNCATION_HEADING,
} from './CreativeResults';
import { IMAGE_LABEL } from './ImageField';
import { imagePreviewLabel } from './ImagePreview';
import { SEE_PRICING } from './NeedsPro';

const HEADLINE = 'Save 30% on your first order this week';
const PRIMARY = `Join teams who plan their week in minutes. ${COST_WORD} results!`;

function setup(options: FakeCreativeOptions & { analyses?: boolean } = {}) {
  const fake = fakeCreativeServer(options);
  server.use(...fake.handlers);
  const rendered = renderWithProviders(
    <Routes>
      <Route path={paths.creativeAnalyzer} element={<CreativeAnalyzerPage analyses={options.analyses ?? true} />} />
      <Route path={paths.pricing} element={<h1>Pricing</h1>} />
    </Routes>,
    { route: paths.creativeAnalyzer, preloadedState: { session: signedInSession() } },
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Creative Analyzer' })).toBeInTheDocument();
  return { ...rendered, fake };
}

async function fillCopy(user: ReturnType<typeof setup>['user']) {
  await user.selectOptions(screen.getByLabelText(PLACEMENT_LABEL), 'meta_feed');
  await user.click(screen.getByLabelText(headlineLabel(0)));
  await user.paste(HEADLINE);
  await user.click(screen.getByLabelText(TEXT_LABELS.primary_text));
  await user.paste(PRIMARY);
  await user.type(screen.getByLabelText(TEXT_LABELS.cta), 'Sign up');
}

const results = () => screen.findByRole('region', { name: RESULTS_HEADING });

describe('CreativeAnalyzerPage: analysing one copy', () => {
  it('sends the copy and shows the scores, the highlights with their reasons, the truncation preview and the model’s validation', async () => {
    const { user, fake } = setup();
    await fillCopy(user);
    await user.click(screen.getByRole('button', { name: ANALYSE_LABEL }));

    const shown = await results();
    expect(fake.requests.analyze).toEqual([
      {
        placement: 'meta_feed',
        headlines: [HEADLINE],
        primary_text: PRIMARY,
        description: '',
        cta: 'Sign up',
        landing_url: '',
        image: null,
      },
    ]);
    const overall = within(shown).getByRole('region', { name: OVERALL_HEADING });
    expect(
      within(overall).getByText(
        `${fakeScore({ placement: 'meta_feed', headlines: [HEADLINE], primary_text: PRIMARY, description: '', cta: '', landing_url: '' })}/100`,
      ),
    ).toBeInTheDocument();
    expect(within(overall).getByText(/Weighted from the text scores/)).toBeInTheDocument();

    const subScores = within(shown).getByRole('list', { name: SUB_SCORES_HEADING });
    const policy = within(subScores).getByRole('listitem', { name: 'Policy risk' });
    expect(within(policy).getByText('40/100')).toBeInTheDocument();
    expect(within(policy).getByText('One phrase may be refused in review.')).toBeInTheDocument();

    // The copy, marked: the cost in red with its reason, the number in green with its.
    const cost = within(shown).getByText(COST_WORD, { selector: 'mark' });
    expect(cost).toHaveAttribute('data-kind', 'cost');
    expect(cost).toHaveAccessibleDescription(COST_REASON);
    const earned = within(shown).getByText('30%', { selector: 'mark' });
    expect(earned).toHaveAttribute('data-kind', 'earned');
    expect(earned).toHaveAccessibleDescription(EARNED_REASON);

    // The truncation preview: the visible part, then the cut part struck through, labelled.
    const truncation = within(shown).getByRole('list', { name: `${TRUNCATION_HEADING} on Meta feed` });
    const headline = within(truncation).getByRole('listitem', { name: 'Headline 1' });
    expect(within(headline).getByText(HEADLINE.slice(0, 27))).toBeInTheDocument();
    expect(within(headline).getByText(HEADLINE.slice(27), { selector: 's' })).toBeInTheDocument();
    expect(within(headline).getByText('(cut on Meta feed)')).toBeInTheDocument();

    const model = within(shown).getByRole('region', { name: HEADLINE_MODEL_HEADING });
    expect(within(model).getByText('64/100')).toBeInTheDocument();
    expect(within(model).getByText('Has a number (+0.42)')).toBeInTheDocument();
    expect(
      within(model).getByText(
        'Checked on 1,234 headline A/B tests it never saw: ranks the better headline first in 74% of clearly different pairs (61% of all pairs).',
      ),
    ).toBeInTheDocument();

    const suggestions = within(shown).getByRole('list', { name: SUGGESTIONS_HEADING });
    expect(within(suggestions).getByText('Name the action in the call to action.')).toBeInTheDocument();
    expect(within(shown).queryByRole('region', { name: IMAGE_HEADING })).not.toBeInTheDocument();
  });

  it('adds and removes headlines, by keyboard too', async () => {
    const { user } = setup();
    act(() => screen.getByRole('button', { name: ADD_HEADLINE_LABEL }).focus());
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText(headlineLabel(1))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: removeHeadlineLabel(0) }));
    expect(screen.queryByLabelText(headlineLabel(1))).not.toBeInTheDocument();
    expect(screen.getByLabelText(headlineLabel(0))).toBeInTheDocument();
  });

  it('sends a chosen image as base64 and draws its overlay over the preview', async () => {
    const { user, fake } = setup();
    await fillCopy(user);
    const file = new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], 'reel.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText(IMAGE_LABEL), file);
    expect(await screen.findByText('reel.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ANALYSE_LABEL }));

    const image = within(await results()).getByRole('region', { name: IMAGE_HEADING });
    expect(fake.requests.analyze[0].image).toBe(btoa(String.fromCharCode(137, 80, 78, 71, 1, 2, 3)));
    expect(within(image).getByText(/Text covers about 12% of it/)).toBeInTheDocument();
    const safeZone = within(within(image).getByRole('list', { name: IMAGE_SCORES_HEADING })).getByRole('listitem', {
      name: 'Safe zone',
    });
    expect(within(safeZone).getByText('50/100')).toBeInTheDocument();
    const preview = within(image).getByRole('group', { name: imagePreviewLabel(1) });
    const band = within(preview).getByText(FAKE_IMAGE.overlay[0].label).parentElement!;
    expect(band).toHaveStyle({ position: 'absolute', left: '0%', top: '0%', width: '100%', height: '14.0625%' });

    await user.click(screen.getByRole('button', { name: 'Remove image reel.png' }));
    expect(screen.queryByText('reel.png')).not.toBeInTheDocument();
  });

  it('tells a workspace without Pro how to get it', async () => {
    const { user } = setup({ notPro: true });
    await fillCopy(user);
    await user.click(screen.getByRole('button', { name: ANALYSE_LABEL }));
    expect(await screen.findByText(CREATIVE_MESSAGES.needsPro)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: SEE_PRICING }));
    expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeInTheDocument();
  });

  it('shows a refusal at the field the server names', async () => {
    const detail = 'The file is not an image: send a PNG, JPEG or WebP.';
    const { user } = setup({ refuseImage: detail });
    await fillCopy(user);
    await user.upload(
      screen.getByLabelText(IMAGE_LABEL),
      new File([new Uint8Array([1, 2, 3])], 'brochure.png', { type: 'image/png' }),
    );
    await screen.findByText('brochure.png');
    await user.click(screen.getByRole('button', { name: ANALYSE_LABEL }));
    await waitFor(() => expect(screen.getByLabelText(IMAGE_LABEL)).toHaveAccessibleDescription(detail));
    expect(screen.getByLabelText(IMAGE_LABEL)).toBeInvalid();
    expect(screen.queryByRole('region', { name: RESULTS_HEADING })).not.toBeInTheDocument();
  });

  it('shows a text field’s refusal under that field, and takes it away once the field changes', async () => {
    const detail = 'The primary text is longer than 5,000 characters.';
    const { user } = setup();
    server.use(
      http.post(api('creative/analyze/'), () =>
        HttpResponse.json({ detail, code: 'validation_failed', field: 'primary_text' }, { status: 400 }),
      ),
    );
    await fillCopy(user);
    await user.click(screen.getByRole('button', { name: ANALYSE_LABEL }));
    const primary = screen.getByLabelText(TEXT_LABELS.primary_text);
    await waitFor(() => expect(primary).toHaveAccessibleDescription(detail));
    expect(primary).toBeInvalid();
    await user.type(primary, '!');
    expect(primary).not.toHaveAccessibleDescription(detail);
  });

  it('says so to a role that cannot analyse creatives', () => {
    setup({ analyses: false });
    expect(screen.getByText(NOT_FOR_ROLE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ANALYSE_LABEL })).not.toBeInTheDocument();
  });
});

describe('CreativeAnalyzerPage: comparing variants', () => {
  it('ranks the variants and explains each step', async () => {
    const { user, fake } = setup();
    await user.click(screen.getByLabelText(variantFieldLabel(0, 'headline')));
    await user.paste('Stuff');
    await user.click(screen.getByLabelText(variantFieldLabel(0, 'primary text')));
    await user.paste(`We have things. ${COST_WORD}!`);
    await user.click(screen.getByLabelText(variantFieldLabel(1, 'headline')));
    await user.paste('Save 30% today');
    await user.click(screen.getByRole('button', { name: ADD_VARIANT_LABEL }));
    await user.selectOptions(screen.getByLabelText(variantFieldLabel(2, 'placement')), 'google_rsa');
    await user.click(screen.getByLabelText(variantFieldLabel(2, 'headline')));
    await user.paste('Plans');
    await user.click(screen.getByRole('button', { name: COMPARE_LABEL }));

    const ranking = await screen.findByRole('list', { name: RANKING_LABEL });
    expect(fake.requests.compare[0].copies.map((copy) => [copy.placement, copy.headlines])).toEqual([
      ['meta_feed', ['Stuff']],
      ['meta_feed', ['Save 30% today']],
      ['google_rsa', ['Plans']],
    ]);
    const items = within(ranking).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      '1. Variant 2',
      '2. Variant 3',
      '3. Variant 1',
    ]);
    expect(within(items[0]).getByText(/Copy 2 is more specific than copy 3\./)).toBeInTheDocument();
    expect(within(items[1]).getByText(/Copy 3 is more specific than copy 1\./)).toBeInTheDocument();
  });

  it('says needsPro when comparing without Pro', async () => {
    const { user } = setup({ notPro: true });
    await user.click(screen.getByRole('button', { name: COMPARE_LABEL }));
    expect(await screen.findByText(CREATIVE_MESSAGES.needsPro)).toBeInTheDocument();
  });
});
