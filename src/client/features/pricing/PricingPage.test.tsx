import { START_TRIAL_LABEL } from '@client/features/trial/TrialCallToAction';
import { paths } from '@client/lib/paths';
import { api, recordBeacons, userInfoBody } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { TRIAL_DURATION_MS } from '@shared/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { PricingPage } from './PricingPage';

function setup(options: Parameters<typeof renderWithProviders>[1] = {}) {
  const beacons = recordBeacons();
  server.use(beacons.handler);
  const rendered = renderWithProviders(<PricingPage />, { route: paths.pricing, ...options });
  return { ...rendered, beacons };
}

const card = (title: string) => screen.getByRole('article', { name: title });
const monthly = () => screen.getByRole('button', { name: 'Monthly' });
const yearly = () => screen.getByRole('button', { name: 'Yearly' });

describe('PricingPage', () => {
  it('has one h1 and ordered headings: the plans and FAQ as h2, each plan and question as h3', () => {
    setup();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Pricing']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Choose your plan',
      'Pricing questions',
    ]);
    const h3s = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(h3s.slice(0, 3)).toEqual(['Starter', 'Pro', 'Agency']);
    expect(h3s).toContain('How does the free trial work?');
  });

  it("starts on monthly billing with Pro at ₹1,999 a month, and the toggle labelled 'Save up to 20%'", () => {
    setup();
    expect(monthly()).toHaveAttribute('aria-pressed', 'true');
    expect(yearly()).toHaveAttribute('aria-pressed', 'false');
    expect(yearly()).toHaveAccessibleDescription('Save up to 20%');
    expect(screen.getByRole('group', { name: 'Billing period' })).toBeInTheDocument();

    expect(within(card('Pro')).getByText('₹1,999')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('/month')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('billed monthly')).toBeInTheDocument();
    expect(within(card('Starter')).getByText('₹0')).toBeInTheDocument();
    expect(within(card('Agency')).getByText('Custom')).toBeInTheDocument();
  });

  it('switches the amounts to yearly and back', async () => {
    const { user } = setup();

    await user.click(yearly());

    expect(yearly()).toHaveAttribute('aria-pressed', 'true');
    expect(monthly()).toHaveAttribute('aria-pressed', 'false');
    const pro = card('Pro');
    expect(within(pro).getByText('₹1,599')).toBeInTheDocument();
    expect(within(pro).getByText('billed ₹19,188 yearly')).toBeInTheDocument();
    expect(within(pro).getByText('You save ₹4,800 a year')).toBeInTheDocument();
    expect(within(pro).queryByText('₹1,999')).not.toBeInTheDocument();
    expect(within(card('Starter')).getByText('₹0')).toBeInTheDocument();
    expect(within(card('Starter')).getByText('Free forever')).toBeInTheDocument();

    await user.click(monthly());

    expect(within(card('Pro')).getByText('₹1,999')).toBeInTheDocument();
    expect(within(card('Pro')).queryByText('₹1,599')).not.toBeInTheDocument();
    expect(within(card('Pro')).queryByText(/billed ₹19,188/)).not.toBeInTheDocument();
  });

  it('keeps a billing period chosen when the pressed button is pressed again', async () => {
    const { user } = setup();
    await user.click(monthly());
    expect(monthly()).toHaveAttribute('aria-pressed', 'true');
    expect(within(card('Pro')).getByText('₹1,999')).toBeInTheDocument();
  });

  it('works from the keyboard: one tab stop, arrows between the options, Enter or Space to choose', async () => {
    const { user } = setup();
    await user.tab();
    expect(monthly()).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(yearly()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(yearly()).toHaveAttribute('aria-pressed', 'true');
    expect(within(card('Pro')).getByText('₹1,599')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(monthly()).toHaveFocus();
    await user.keyboard(' ');
    expect(monthly()).toHaveAttribute('aria-pressed', 'true');
    expect(within(card('Pro')).getByText('₹1,999')).toBeInTheDocument();
  });

  it('lists each plan with its features, and marks only Pro as Most Popular', () => {
    setup();
    const features = (title: string) =>
      within(within(card(title)).getByRole('list', { name: `${title} includes` }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(features('Starter')).toEqual(['1 ad account', 'Weekly insights', 'Basic suggestions']);
    expect(features('Pro')).toEqual(['5 ad accounts', 'Daily insights', 'Smart AI suggestions', 'Creative Analyzer']);
    expect(features('Agency')).toEqual([
      '20+ ad accounts',
      'White-label dashboard',
      'Priority support',
      'Dedicated manager',
    ]);
    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
    expect(within(card('Pro')).getByText('Most Popular')).toBeInTheDocument();
  });

  it('mentions the 7-day free trial with no card needed', () => {
    setup();
    expect(
      screen.getByText('Pro starts with a 7-day free trial, no card needed to explore core features.'),
    ).toBeInTheDocument();
  });

  it.each([
    ['Starter', 'Get Started Free', paths.register, 'starter'],
    ['Pro', 'Start Free Trial', paths.register, 'pro'],
    ['Agency', 'Contact Sales', paths.contact, 'agency'],
  ] as const)('%s leads a visitor to its page and sends the pricing-cta beacon', async (title, cta, path, plan) => {
    const { user, beacons } = setup();
    const link = within(card(title)).getByRole('link', { name: cta });
    expect(link).toHaveAttribute('href', path);
    const before = Date.now();

    await user.click(link);

    expect(window.location.pathname).toBe(path);
    await waitFor(() => expect(beacons.sent).toHaveLength(1));
    expect(beacons.sent[0].name).toBe('pricing-cta');
    const body = beacons.sent[0].body as { plan: string; billing: string; ts: number };
    expect(Object.keys(body).sort()).toEqual(['billing', 'plan', 'ts']);
    expect(body.plan).toBe(plan);
    expect(body.billing).toBe('monthly');
    expect(body.ts).toBeGreaterThanOrEqual(before);
    expect(body.ts).toBeLessThanOrEqual(Date.now());
  });

  it('reports the yearly billing with the plan chosen', async () => {
    const { user, beacons } = setup();
    await user.click(yearly());
    await user.click(within(card('Pro')).getByRole('link', { name: 'Start Free Trial' }));
    await waitFor(() => expect(beacons.sent).toHaveLength(1));
    expect(beacons.sent[0]).toEqual({
      name: 'pricing-cta',
      body: { plan: 'pro', billing: 'yearly', ts: expect.any(Number) },
    });
  });

  it('still navigates when the beacon fails', async () => {
    server.use(http.post(api('analytics/:beacon'), () => HttpResponse.error()));
    const { user } = renderWithProviders(<PricingPage />, { route: paths.pricing });
    await user.click(within(card('Agency')).getByRole('link', { name: 'Contact Sales' }));
    expect(window.location.pathname).toBe(paths.contact);
  });

  describe('signed in', () => {
    it('sends Starter to the account page instead of registering again', async () => {
      setup({ preloadedState: { session: signedInSession() } });
      expect(within(card('Starter')).getByRole('link', { name: 'Get Started Free' })).toHaveAttribute(
        'href',
        paths.account,
      );
    });

    it('offers the trial itself on Pro, reported by the beacon, and shows the countdown once it runs', async () => {
      let trialStarted = false;
      const endsAt = new Date(Date.now() + TRIAL_DURATION_MS).toISOString();
      server.use(
        http.post(api('start-trial/'), () => {
          trialStarted = true;
          return HttpResponse.json({ is_trial: true, trial_ends_at: endsAt });
        }),
        http.get(api('user-info/'), () =>
          HttpResponse.json(
            trialStarted
              ? userInfoBody({ is_trial: true, trial: { is_trial: true, trial_ends_at: endsAt } })
              : userInfoBody(),
          ),
        ),
      );
      const { user, beacons } = setup({ preloadedState: { session: signedInSession() } });
      await user.click(yearly());

      await user.click(await within(card('Pro')).findByRole('button', { name: START_TRIAL_LABEL, busy: false }));

      expect(await within(card('Pro')).findByRole('timer', { name: 'Trial time left' })).toBeInTheDocument();
      await waitFor(() =>
        expect(beacons.sent.map((beacon) => beacon.name)).toEqual(
          expect.arrayContaining(['pricing-cta', 'start-trial']),
        ),
      );
      expect(beacons.sent.find((beacon) => beacon.name === 'pricing-cta')?.body).toEqual({
        plan: 'pro',
        billing: 'yearly',
        ts: expect.any(Number),
      });
      expect(window.location.pathname).toBe(paths.pricing);
    });
  });
});
