import { paths } from '@client/lib/paths';
import { fakeCreativeServer } from '@client/test/creative.handlers';
import {
  FAKE_FEEDBACK_FITTED,
  FAKE_FEEDBACK_NOT_ENOUGH,
  type FakePostLaunchOptions,
  fakePostLaunchServer,
} from '@client/test/postLaunch.handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';

import { CREATIVE_TABS, CreativeAnalyzerPage } from './CreativeAnalyzerPage';
import { FEEDBACK_TITLE } from './FeedbackModel';

function setup(options: FakePostLaunchOptions & { managesAnalyses?: boolean } = {}) {
  const fake = fakePostLaunchServer(options);
  server.use(...fakeCreativeServer().handlers, ...fake.handlers);
  const rendered = renderWithProviders(
    <Routes>
      <Route
        path={paths.creativeAnalyzer}
        element={<CreativeAnalyzerPage managesAnalyses={options.managesAnalyses ?? true} />}
      />
    </Routes>,
    { route: paths.creativeAnalyzer, preloadedState: { session: signedInSession() } },
  );
  return { ...rendered, fake };
}

async function openFeedback(user: ReturnType<typeof setup>['user']) {
  await user.click(screen.getByRole('tab', { name: CREATIVE_TABS.live }));
  return screen.findByRole('region', { name: FEEDBACK_TITLE });
}

describe('The feedback loop on the Live ads tab', () => {
  it('says how far the workspace is from a refit, with the global weights', async () => {
    const { user } = setup();
    const section = await openFeedback(user);
    expect(await within(section).findByText(FAKE_FEEDBACK_NOT_ENOUGH.summary)).toBeInTheDocument();
    const table = within(section).getByRole('table', { name: 'Each part’s weight in the overall text score' });
    const model = within(table).getByRole('rowheader', { name: 'Headline model (A/B tests)' }).closest('tr')!;
    expect(within(model).getByText('20%')).toBeInTheDocument();
    // No refit yet: no column for it, and no held-out figures to show.
    expect(within(table).queryByRole('columnheader', { name: 'Your refit' })).toBeNull();
    expect(within(section).queryByText('Global weights, same ads')).toBeNull();
  });

  it('refits on request and shows both sets of weights with their held-out rank correlations', async () => {
    const { user, fake } = setup();
    const section = await openFeedback(user);
    await user.click(await within(section).findByRole('button', { name: 'Refit now' }));
    await waitFor(() => expect(fake.requests.refits).toBe(1));
    expect(await within(section).findByText(FAKE_FEEDBACK_FITTED.summary)).toBeInTheDocument();
    expect(within(section).getByText('Refit weights, held-out rank correlation').nextSibling).toHaveTextContent('0.41');
    expect(within(section).getByText('Global weights, same ads').nextSibling).toHaveTextContent('0.12');
    expect(within(section).getByText('30 in 7 campaigns')).toBeInTheDocument();
    const table = within(section).getByRole('table', { name: 'Each part’s weight in the overall text score' });
    expect(within(table).getByRole('columnheader', { name: 'Your refit' })).toBeInTheDocument();
    const specificity = within(table).getByRole('rowheader', { name: 'Specificity' }).closest('tr')!;
    expect(
      within(specificity)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['12%', '35%']);
  });

  it('tells when a refit fails and keeps what was shown', async () => {
    const { user } = setup({ refitFails: true });
    const section = await openFeedback(user);
    await user.click(await within(section).findByRole('button', { name: 'Refit now' }));
    expect(await screen.findByText('The database is busy.')).toBeInTheDocument();
    expect(within(section).getByText(FAKE_FEEDBACK_NOT_ENOUGH.summary)).toBeInTheDocument();
  });

  it('offers the refit only to those who may manage the workspace’s analyses', async () => {
    const { user } = setup({ managesAnalyses: false, feedback: FAKE_FEEDBACK_FITTED });
    const section = await openFeedback(user);
    expect(await within(section).findByText(FAKE_FEEDBACK_FITTED.summary)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Refit now' })).toBeNull();
  });
});
