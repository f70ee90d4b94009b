import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { api } from '@client/test/handlers';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import type { BlogPost } from '@shared/api/blog';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';

import { BLOG_POST_ERROR, POST_NOT_FOUND_TITLE } from './BlogPostPage';

// Every page's chunk is loaded before the tests, not while their findBy* queries wait.
beforeAll(preloadPages);

const POST: BlogPost = {
  slug: 'budget-pacing-across-meta-google-and-linkedin',
  title: 'Budget pacing across Meta, Google and LinkedIn',
  date: '2026-10-13',
  description: 'How each platform spends a daily budget.',
  tags: ['budget', 'pacing'],
  readingMinutes: 6,
  author: 'The Adwise team',
  html: [
    '<p>You set a monthly budget.</p>',
    '<h2>A daily budget is an average</h2>',
    '<p>Read <a href="/pricing">our plans</a> or <a href="https://support.google.com/" rel="noopener">Google\'s help</a>.</p>',
    '<h3>Lifetime budgets</h3>',
    '<div class="table-scroll" tabindex="0"><table><thead><tr><th>Platform</th></tr></thead><tbody><tr><td>Meta</td></tr></tbody></table></div>',
    '<pre tabindex="0"><code>pacing = actual / expected\n</code></pre>',
    '<blockquote><p>Pace against the calendar.</p></blockquote>',
  ].join('\n'),
};

/** Serves POST at its slug and 404 for any other; counts the calls. */
function fakeBlog() {
  const calls: string[] = [];
  server.use(
    http.get(api('blog/:slug/'), ({ params }) => {
      calls.push(String(params.slug));
      return params.slug === POST.slug
        ? HttpResponse.json(POST)
        : HttpResponse.json(
            { detail: `There is no article at /blog/${String(params.slug)}.`, code: 'not_found' },
            { status: 404 },
          );
    }),
  );
  return calls;
}

afterEach(() => jest.restoreAllMocks());

describe('BlogPostPage', () => {
  it('shows the title, date, reading time, author, tags and the article, and titles the tab', async () => {
    fakeBlog();
    renderWithProviders(<AppRouter />, { route: `/blog/${POST.slug}` });

    const article = await screen.findByRole('article', { name: POST.title });
    expect(within(article).getByRole('heading', { level: 1 })).toHaveTextContent(POST.title);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(article).toHaveTextContent('13 October 2026 · 6 min read · By The Adwise team');
    expect(within(article).getByText('13 October 2026')).toHaveAttribute('datetime', '2026-10-13');
    const tags = within(article).getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['budget', 'pacing']);

    expect(
      within(article).getByRole('heading', { level: 2, name: 'A daily budget is an average' }),
    ).toBeInTheDocument();
    expect(within(article).getByRole('heading', { level: 3, name: 'Lifetime budgets' })).toBeInTheDocument();
    expect(within(article).getByRole('table')).toBeInTheDocument();
    expect(within(article).getByText('Pace against the calendar.').closest('blockquote')).not.toBeNull();
    expect(within(article).getByRole('link', { name: "Google's help" })).toHaveAttribute('rel', 'noopener');
    expect(document.title).toBe(`${POST.title} · Adwise`);
    expect(screen.getByRole('link', { name: 'Back to the blog' })).toHaveAttribute('href', '/blog');
  });

  it('shows a skeleton while the article loads', async () => {
    server.use(
      http.get(api('blog/:slug/'), async () => {
        await delay(50);
        return HttpResponse.json(POST);
      }),
    );
    renderWithProviders(<AppRouter />, { route: `/blog/${POST.slug}` });

    expect(await screen.findByRole('status', { name: 'Loading article' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: POST.title })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading article' })).not.toBeInTheDocument();
  });

  it('says the article does not exist for an unknown slug, with the way back', async () => {
    fakeBlog();
    const { user } = renderWithProviders(<AppRouter />, { route: '/blog/no-such-article' });

    expect(await screen.findByRole('heading', { level: 1, name: POST_NOT_FOUND_TITLE })).toBeInTheDocument();
    expect(screen.getByText(/There is no article at \/blog\/no-such-article\. It may have moved/)).toBeInTheDocument();
    expect(document.title).toBe(`${POST_NOT_FOUND_TITLE} · Adwise`);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();

    server.use(http.get(api('blog/'), () => HttpResponse.json([])));
    await user.click(screen.getByRole('link', { name: 'Back to the blog' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/blog');
  });

  it('offers a retry when the article fails to load', async () => {
    let calls = 0;
    server.use(
      http.get(api('blog/:slug/'), () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json(POST);
      }),
    );
    const { user } = renderWithProviders(<AppRouter />, { route: `/blog/${POST.slug}` });

    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: POST.title })).toBeInTheDocument();
    expect(calls).toBe(2);
    expect(BLOG_POST_ERROR).toBe('Unable to load this article right now.');
  });

  it('opens links to other pages of the app without reloading, and leaves external links alone', async () => {
    fakeBlog();
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<AppRouter />, { route: `/blog/${POST.slug}` });

    const article = await screen.findByRole('article', { name: POST.title });
    await user.click(within(article).getByRole('link', { name: 'our plans' }));

    expect(window.location.pathname).toBe('/pricing');
    await waitFor(() => expect(screen.queryByRole('article', { name: POST.title })).not.toBeInTheDocument());
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  });
});
