import { START_TRIAL_LABEL } from '@client/features/trial/TrialCallToAction';
import { paths } from '@client/lib/paths';
import { api } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import type { NewsletterStatusReply, NewsletterSubscribeRequest } from '@shared/api/newsletter';
import { NEWSLETTER_MESSAGES } from '@shared/api/newsletter';
import { PLATFORM_LABELS, PLATFORMS } from '@shared/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { FEATURES, FeaturesPage, UPDATES_OPT_IN_LABEL } from './FeaturesPage';
import { integrationPath } from './MarketingPlatformList';
import { expectOrderedHeadings, watchConsole } from './MarketingTestUtils';

describe('FeaturesPage', () => {
  it('shows the hero with the marketing facts, six feature cards, the five platforms and a trial call to action', () => {
    const consoleWatch = watchConsole();
    renderWithProviders(<FeaturesPage />, { route: paths.features });

    expect(screen.getByRole('heading', { level: 1, name: 'Features' })).toBeInTheDocument();
    expect(document.title).toBe('Features · Adwise');

    const facts = screen.getByRole('list', { name: 'Adwise in numbers' });
    for (const fact of [
      'Trusted by 500+ brands',
      '+23% average ROI lift',
      'We reply within 24-48 hours',
      '7-day free trial, no card needed to explore core features',
    ]) {
      expect(facts).toHaveTextContent(fact);
    }

    const cards = within(screen.getByRole('region', { name: 'What you get' })).getAllByRole('heading', { level: 3 });
    expect(cards.map((card) => card.textContent)).toEqual([
      'AI & behavioural-psychology suggestions',
      'Real-time alerts',
      'Budget tools',
      'Creative Analyzer',
      'Bias-aware scoring & creative heuristics',
      'Unified dashboard & feedback loops',
    ]);
    expect(FEATURES).toHaveLength(6);

    const platforms = within(screen.getByRole('list', { name: 'Supported ad platforms' }));
    expect(platforms.getAllByRole('listitem')).toHaveLength(5);
    for (const platform of PLATFORMS) {
      const link = platforms.getByRole('link', { name: new RegExp(`^${PLATFORM_LABELS[platform]} `) });
      expect(link).toHaveAttribute('href', integrationPath(platform));
    }
    expect(screen.getByRole('link', { name: 'What each integration brings' })).toHaveAttribute(
      'href',
      paths.integrations,
    );

    const trial = screen.getByRole('region', { name: 'Try every feature free' });
    expect(within(trial).getByRole('button', { name: START_TRIAL_LABEL })).toBeInTheDocument();

    expectOrderedHeadings();
    consoleWatch.expectNone();
  });

  it('offers product updates with the opt-in on by default, and subscribes a visitor by e-mail', async () => {
    const requests: NewsletterSubscribeRequest[] = [];
    server.use(
      http.post(api('newsletter/subscribe/'), async ({ request }) => {
        requests.push((await request.json()) as NewsletterSubscribeRequest);
        return HttpResponse.json({ detail: NEWSLETTER_MESSAGES.checkInbox });
      }),
    );
    const { user } = renderWithProviders(<FeaturesPage />, { route: paths.features });
    const updates = within(screen.getByRole('region', { name: 'Product updates' }));

    // The opt-in, far below the first screen, arrives once the browser is idle.
    const optIn = await updates.findByRole('checkbox', { name: UPDATES_OPT_IN_LABEL });
    expect(optIn).toBeChecked();
    await user.type(updates.getByRole('textbox', { name: 'Newsletter email' }), 'reader@example.com');
    await user.click(updates.getByRole('button', { name: 'Subscribe' }));

    expect(await updates.findByText(NEWSLETTER_MESSAGES.checkInbox)).toBeInTheDocument();
    expect(requests).toEqual([{ email: 'reader@example.com', source: 'features' }]);
  });

  it("subscribes a signed-in user's account e-mail without asking for one", async () => {
    const requests: NewsletterSubscribeRequest[] = [];
    server.use(
      http.get(api('newsletter/'), () =>
        HttpResponse.json({ status: 'none', email: 'asha@example.com' } satisfies NewsletterStatusReply),
      ),
      http.post(api('newsletter/subscribe/'), async ({ request }) => {
        requests.push((await request.json()) as NewsletterSubscribeRequest);
        return HttpResponse.json({ detail: NEWSLETTER_MESSAGES.checkInbox });
      }),
    );
    const { user } = renderWithProviders(<FeaturesPage />, {
      route: paths.features,
      preloadedState: { session: signedInSession() },
    });
    const updates = within(screen.getByRole('region', { name: 'Product updates' }));

    expect(await updates.findByRole('checkbox', { name: UPDATES_OPT_IN_LABEL })).toBeChecked();
    expect(updates.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(updates.getByRole('button', { name: 'Subscribe' }));

    await waitFor(() => expect(requests).toEqual([{ source: 'features' }]));
    expect(await updates.findByText(NEWSLETTER_MESSAGES.checkInbox)).toBeInTheDocument();
  });
});
