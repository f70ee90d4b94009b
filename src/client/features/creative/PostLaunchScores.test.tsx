import { paths } from '@client/lib/paths';
import { fakeCreativeServer } from '@client/test/creative.handlers';
import {
  FAKE_POST_LAUNCH,
  type FakePostLaunchOptions,
  fakePostLaunchServer,
  NEWCOMER,
  WINNER,
} from '@client/test/postLaunch.handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { CREATIVE_MESSAGES } from '@shared/api/creative';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';

import { CREATIVE_TABS, CreativeAnalyzerPage, FROM_LIVE_AD, LIVE_IMAGE_UNAVAILABLE } from './CreativeAnalyzerPage';
import { headlineLabel, TEXT_LABELS } from './CreativeForm';
import { firmSpendText, NO_ACCOUNTS, NOT_ENOUGH_DATA, scoreText } from './PostLaunchScores';

function setup(options: FakePostLaunchOptions = {}) {
  const fake = fakePostLaunchServer(options);
  server.use(...fakeCreativeServer().handlers, ...fake.handlers);
  const rendered = renderWithProviders(
    <Routes>
      <Route path={paths.creativeAnalyzer} element={<CreativeAnalyzerPage />} />
    </Routes>,
    { route: paths.creativeAnalyzer, preloadedState: { session: signedInSession() } },
  );
  return { ...rendered, fake };
}

async function openLiveAds(user: ReturnType<typeof setup>['user']) {
  await user.click(screen.getByRole('tab', { name: CREATIVE_TABS.live }));
  return screen.findByRole('table', { name: 'Ads of Spring sale, scored against each other' });
}

describe('The Live ads tab (post-launch scores)', () => {
  it('shows each ad’s scores with their ranges against its campaign, and says when an ad has not spent enough', async () => {
    const { user } = setup();
    const table = await openLiveAds(user);
    const winner = within(table).getByText(WINNER.name).closest('tr')!;
    expect(within(winner).getByText(scoreText(WINNER.overall!))).toBeInTheDocument();
    expect(within(winner).getByText(scoreText(WINNER.hook!))).toBeInTheDocument();
    expect(within(winner).getByText('Watch: click-through falling')).toBeInTheDocument();
    const newcomer = within(table).getByText(NEWCOMER.name).closest('tr')!;
    expect(within(newcomer).getByText(NOT_ENOUGH_DATA)).toBeInTheDocument();
    // The floor, and at what spend a score firms up (four times the floor: ₹16,000 here).
    const floorNote = screen.getByText(FAKE_POST_LAUNCH.spend_floor_note, { exact: false });
    expect(floorNote).toHaveTextContent(firmSpendText(FAKE_POST_LAUNCH.spend_floor, 'INR'));
    expect(floorNote).toHaveTextContent(/16,000/);
    // Why: each score's sentence and the fatigue trend, behind a labelled toggle.
    await user.click(within(winner).getByRole('button', { name: `Show why for ${WINNER.name}` }));
    expect(screen.getByText(WINNER.overall!.explanation)).toBeVisible();
    expect(screen.getByText(WINNER.fatigue!.explanation)).toBeVisible();
  });

  it('scores another account or objective when asked', async () => {
    const { user, fake } = setup();
    await openLiveAds(user);
    await user.click(screen.getByLabelText('Judge efficiency by'));
    await user.click(await screen.findByRole('option', { name: 'Return on ad spend' }));
    await waitFor(() => expect(fake.requests.scores.at(-1)?.get('objective')).toBe('roas'));
    await user.click(screen.getByLabelText('Ad account'));
    await user.click(await screen.findByRole('option', { name: /Shop Search/ }));
    await waitFor(() => expect(fake.requests.scores.at(-1)?.get('account')).toBe(FAKE_POST_LAUNCH.accounts[1].id));
  });

  it('opens a live ad in the analyzer with its copy and its image', async () => {
    const { user, fake } = setup();
    const table = await openLiveAds(user);
    await user.click(within(table).getByRole('button', { name: `Analyse ${WINNER.name}` }));
    expect(await screen.findByText(FROM_LIVE_AD(WINNER.name))).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: CREATIVE_TABS.analyse })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText(headlineLabel(0))).toHaveValue('Spring sale: 30% off');
    expect(screen.getByLabelText(TEXT_LABELS.primary_text)).toHaveValue('Join 2,000 shoppers this week.');
    expect(screen.getByLabelText(TEXT_LABELS.cta)).toHaveValue('Shop now');
    expect(fake.requests.images[0].get('ad')).toBe(WINNER.ad_id);
    expect(screen.getByText('ad-1.png')).toBeInTheDocument();
  });

  it('fills the copy alone, and says so, when the platform does not serve the image', async () => {
    const { user } = setup({ imageFails: true });
    const table = await openLiveAds(user);
    await user.click(within(table).getByRole('button', { name: `Analyse ${WINNER.name}` }));
    expect(await screen.findByText(LIVE_IMAGE_UNAVAILABLE)).toBeInTheDocument();
    expect(screen.getByLabelText(headlineLabel(0))).toHaveValue('Spring sale: 30% off');
  });

  it('says what to do without a connected account, and that it is Pro', async () => {
    const { user } = setup({
      view: { ...FAKE_POST_LAUNCH, accounts: [], account: null, placement: null, campaigns: [] },
    });
    await user.click(screen.getByRole('tab', { name: CREATIVE_TABS.live }));
    expect(await screen.findByText(NO_ACCOUNTS, { exact: false })).toBeInTheDocument();
  });

  it('tells a Starter workspace it is part of Pro', async () => {
    const { user } = setup({ notPro: true });
    await user.click(screen.getByRole('tab', { name: CREATIVE_TABS.live }));
    expect(await screen.findByText(CREATIVE_MESSAGES.needsPro, { exact: false })).toBeInTheDocument();
  });
});
