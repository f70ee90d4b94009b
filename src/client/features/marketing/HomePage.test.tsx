import { START_TRIAL_LABEL } from '@client/features/trial/TrialCallToAction';
import { paths } from '@client/lib/paths';
import { activeTrialBody, api, userInfoBody } from '@client/test/handlers';
import { renderWithProviders, signedInSession } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import { PLATFORM_LABELS, PLATFORMS } from '@shared/constants';
import { MARKETING_FACTS } from '@shared/marketing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { PROGRESS_LOAD_FAILED, PROGRESS_PREVIEW_TITLE, YOUR_PROGRESS_TITLE } from './HomeDashboardPreview';
import { HOME_FAQ, HOME_TITLE, HomePage } from './HomePage';
import { integrationPath } from './MarketingPlatformList';
import { expectOrderedHeadings, watchConsole } from './MarketingTestUtils';

function renderHome({ signedIn = false } = {}) {
  return renderWithProviders(<HomePage />, {
    route: paths.home,
    preloadedState: signedIn ? { session: signedInSession() } : undefined,
  });
}

function answerUserInfo(body: object) {
  server.use(http.get(api('user-info/'), () => HttpResponse.json(body)));
}

describe('HomePage', () => {
  it('lays out every part of the spec for a visitor, with one h1 and no skipped heading level', async () => {
    const consoleWatch = watchConsole();
    renderHome();

    expect(screen.getByRole('heading', { level: 1, name: HOME_TITLE })).toBeInTheDocument();
    expect(document.title).toBe('Home · Adwise');
    // The hero's and the closing trial call to action: a visitor's press goes to /login.
    expect(screen.getAllByRole('button', { name: START_TRIAL_LABEL })).toHaveLength(2);

    const facts = screen.getByRole('list', { name: 'Adwise in numbers' });
    expect(facts).toHaveTextContent(MARKETING_FACTS.brandsText);
    expect(facts).toHaveTextContent('+23% average ROI lift');
    expect(facts).toHaveTextContent('7-day free trial, no card needed to explore core features');

    const highlights = screen.getByRole('region', { name: 'Everything you need to run better ads' });
    expect(within(highlights).getAllByRole('heading', { level: 3 })).toHaveLength(3);

    const platforms = within(screen.getByRole('list', { name: 'Supported ad platforms' }));
    expect(platforms.getAllByRole('link')).toHaveLength(PLATFORMS.length);
    for (const platform of PLATFORMS) {
      // The mark beside each name is decorative: the link is named by the platform alone.
      expect(platforms.getByRole('link', { name: PLATFORM_LABELS[platform] })).toHaveAttribute(
        'href',
        integrationPath(platform),
      );
    }
    expect(screen.getByRole('link', { name: 'How integrations work' })).toHaveAttribute('href', paths.integrations);

    const testimonials = within(screen.getByRole('region', { name: 'What marketers say' })).getAllByRole('figure');
    expect(testimonials).toHaveLength(3);
    for (const testimonial of testimonials) expect(testimonial.querySelector('blockquote')).not.toBeNull();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();

    expect(screen.getByRole('region', { name: 'Why choose Adwise' })).toHaveTextContent('We reply within 24-48 hours');
    expect(screen.getByRole('region', { name: 'Ready to see what your ads can do?' })).toBeInTheDocument();

    expectOrderedHeadings();
    consoleWatch.expectNone();
  });

  it("shows a signed-in user's own streak and points", async () => {
    const consoleWatch = watchConsole();
    answerUserInfo(userInfoBody({ gamification: { points: 120, streak: 4 } }));
    renderHome({ signedIn: true });

    const progress = await screen.findByRole('region', { name: YOUR_PROGRESS_TITLE });
    expect(progress).toHaveTextContent('Streak: 4 days');
    expect(progress).toHaveTextContent('Points: 120');
    expect(screen.queryByRole('region', { name: PROGRESS_PREVIEW_TITLE })).not.toBeInTheDocument();
    expect(screen.queryByText('Sample')).not.toBeInTheDocument();
    // Both trial calls to action offer the start once user-info has answered.
    expect(await screen.findAllByRole('button', { name: START_TRIAL_LABEL, busy: false })).toHaveLength(2);
    expectOrderedHeadings();
    consoleWatch.expectNone();
  });

  it('shows 0 and 0 when user-info carries no gamification', async () => {
    const { gamification: _left, ...withoutGamification } = userInfoBody({ gamification: { points: 9, streak: 9 } });
    answerUserInfo(withoutGamification);
    renderHome({ signedIn: true });

    const progress = await screen.findByRole('region', { name: YOUR_PROGRESS_TITLE });
    expect(progress).toHaveTextContent('Streak: 0 days');
    expect(progress).toHaveTextContent('Points: 0');
  });

  it('says "1 day" for a one-day streak and offers the dashboard on an active trial', async () => {
    answerUserInfo({ ...activeTrialBody(), gamification: { points: 5, streak: 1 } });
    renderHome({ signedIn: true });

    const progress = await screen.findByRole('region', { name: YOUR_PROGRESS_TITLE });
    expect(progress).toHaveTextContent('Streak: 1 day');
    expect(progress).toHaveTextContent('Points: 5');
    expect(await within(progress).findByRole('link', { name: 'Open your dashboard' })).toHaveAttribute(
      'href',
      paths.dashboard,
    );
  });

  it('waits, then offers a retry when user-info fails, and shows the numbers once it answers', async () => {
    let fail = true;
    server.use(
      http.get(api('user-info/'), () =>
        fail
          ? HttpResponse.json({ detail: 'Down' }, { status: 500 })
          : HttpResponse.json(userInfoBody({ gamification: { points: 40, streak: 2 } })),
      ),
    );
    const { user } = renderHome({ signedIn: true });

    expect(screen.getByRole('status', { name: 'Loading your progress' })).toBeInTheDocument();
    expect(await screen.findByText(PROGRESS_LOAD_FAILED)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const progress = await screen.findByRole('region', { name: YOUR_PROGRESS_TITLE });
    expect(progress).toHaveTextContent('Streak: 2 days');
    expect(progress).toHaveTextContent('Points: 40');
  });

  it('shows a visitor a sample at zero, marked as such, and no "Your progress"', () => {
    renderHome();
    const preview = screen.getByRole('region', { name: PROGRESS_PREVIEW_TITLE });
    expect(preview).toHaveTextContent('Sample');
    expect(preview).toHaveTextContent('Streak: 0 days');
    expect(preview).toHaveTextContent('Points: 0');
    expect(within(preview).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', paths.login);
    expect(screen.queryByRole('region', { name: YOUR_PROGRESS_TITLE })).not.toBeInTheDocument();
  });

  it('sends a visitor who presses the closing trial button to /login', async () => {
    const { user } = renderHome();
    const closing = screen.getByRole('region', { name: 'Ready to see what your ads can do?' });
    await user.click(within(closing).getByRole('button', { name: START_TRIAL_LABEL }));
    await waitFor(() => expect(window.location.pathname).toBe(paths.login));
  });
});

describe('the home FAQ', () => {
  const faq = () => screen.getByRole('region', { name: 'Frequently asked questions' });

  it('asks exactly three questions, each an h3 holding a collapsed button', () => {
    renderHome();
    const questions = within(faq()).getAllByRole('button');
    expect(questions.map((button) => button.textContent)).toEqual([
      'Do I need a credit card for the trial?',
      'Which ad platforms can I connect?',
      'How fast do you reply?',
    ]);
    expect(HOME_FAQ).toHaveLength(3);
    for (const question of questions) {
      expect(question).toHaveAttribute('aria-expanded', 'false');
      expect(question.closest('h3')).not.toBeNull();
      expect(document.getElementById(question.getAttribute('aria-controls')!)).toHaveAttribute('role', 'region');
    }
    expect(within(faq()).queryByRole('region')).not.toBeInTheDocument();
  });

  it('opens and closes an answer on click', async () => {
    const { user } = renderHome();
    const question = within(faq()).getByRole('button', { name: 'Do I need a credit card for the trial?' });

    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    const answer = within(faq()).getByRole('region', { name: 'Do I need a credit card for the trial?' });
    expect(answer).toHaveTextContent('No. The 7-day free trial needs no card');

    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(within(faq()).queryByRole('region')).not.toBeInTheDocument());
  });

  it('opens answers from the keyboard with Enter and Space', async () => {
    const { user } = renderHome();
    const platforms = within(faq()).getByRole('button', { name: 'Which ad platforms can I connect?' });
    const reply = within(faq()).getByRole('button', { name: 'How fast do you reply?' });

    act(() => platforms.focus());
    await user.keyboard('{Enter}');
    expect(platforms).toHaveAttribute('aria-expanded', 'true');
    expect(within(faq()).getByRole('region', { name: 'Which ad platforms can I connect?' })).toHaveTextContent(
      'Meta, Google Ads, LinkedIn, Twitter and TikTok.',
    );

    await user.tab();
    expect(reply).toHaveFocus();
    await user.keyboard(' ');
    expect(reply).toHaveAttribute('aria-expanded', 'true');
    const answer = within(faq()).getByRole('region', { name: 'How fast do you reply?' });
    expect(answer).toHaveTextContent('Within 24-48 hours.');
    expect(within(answer).getByRole('link', { name: 'Contact page' })).toHaveAttribute('href', paths.contact);
  });
});
