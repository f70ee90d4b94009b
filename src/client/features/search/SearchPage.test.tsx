import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { api } from '@client/test/handlers';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import type { SearchResult } from '@shared/api/search';
import { JOB_OPENINGS } from '@shared/careers';
import { PUBLIC_PAGES } from '@shared/search/pages';
import { type SearchablePost, searchSite } from '@shared/search/search';
import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';

// Every page's chunk is loaded before the tests, not while their findBy* queries wait.
beforeAll(preloadPages);

const POSTS: SearchablePost[] = [
  {
    slug: 'budget-pacing-across-meta-google-and-linkedin',
    title: 'Budget pacing across Meta, Google and LinkedIn',
    description: 'A daily budget means something different on each platform.',
    tags: ['budget', 'pacing'],
    text: 'You set a monthly budget for paid media, divide it across platforms, and type a daily figure into each one.',
  },
];

/** A search server answering like the real one, over the real pages and roles and one article; returns the queries it saw. */
function fakeSearch() {
  const queries: string[] = [];
  server.use(
    http.get(api('search/'), ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      queries.push(q);
      return HttpResponse.json(
        searchSite(q, { pages: PUBLIC_PAGES, posts: POSTS, roles: JOB_OPENINGS }) satisfies SearchResult[],
      );
    }),
  );
  return queries;
}

const resultsList = () => screen.findByRole('list', { name: 'Search results' });

describe('SearchPage', () => {
  it('lists the pages that match ?q= with links to them, and says how many', async () => {
    const queries = fakeSearch();
    renderWithProviders(<AppRouter />, { route: '/search?q=Pricing' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for "Pricing"' })).toBeInTheDocument();
    const results = await resultsList();
    expect(within(results).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('status')).toHaveTextContent('1 result found');
    expect(queries).toEqual(['Pricing']);
  });

  it('finds a blog article by a word of its body and labels every result by kind', async () => {
    fakeSearch();
    renderWithProviders(<AppRouter />, { route: '/search?q=budget' });

    const items = within(await resultsList()).getAllByRole('listitem');
    const article = items.find((item) => item.textContent?.includes('Budget pacing across Meta, Google and LinkedIn'))!;
    expect(within(article).getByText('Article')).toBeInTheDocument();
    expect(
      within(article).getByRole('link', { name: 'Budget pacing across Meta, Google and LinkedIn' }),
    ).toHaveAttribute('href', '/blog/budget-pacing-across-meta-google-and-linkedin');
    expect(article).toHaveTextContent('You set a monthly budget for paid media');
    const features = items.find((item) => within(item).queryByRole('link', { name: 'Features' }))!;
    expect(within(features).getByText('Page')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(`${items.length} results found`);
  });

  it('labels open roles and shows their type and location', async () => {
    fakeSearch();
    renderWithProviders(<AppRouter />, { route: '/search?q=designer' });

    const [role] = within(await resultsList()).getAllByRole('listitem');
    expect(within(role).getByText('Open role')).toBeInTheDocument();
    expect(within(role).getByRole('link', { name: 'UI/UX Designer' })).toHaveAttribute('href', '/careers');
    expect(role).toHaveTextContent('Internship · Remote');
  });

  it('highlights every matched word in titles and snippets, whatever its case', async () => {
    fakeSearch();
    renderWithProviders(<AppRouter />, { route: '/search?q=BUDGET%20pacing' });

    const [first] = within(await resultsList()).getAllByRole('listitem');
    const marks = Array.from(first.querySelectorAll('mark')).map((mark) => mark.textContent);
    // Title: "Budget pacing across ..."; snippet: "... monthly budget ...".
    expect(marks).toEqual(['Budget', 'pacing', 'budget']);
    expect(within(first).getByRole('link')).toHaveTextContent('Budget pacing across Meta, Google and LinkedIn');
  });

  it('shows a skeleton and says it is searching while results load', async () => {
    server.use(
      http.get(api('search/'), async () => {
        await delay(80);
        return HttpResponse.json([]);
      }),
    );
    renderWithProviders(<AppRouter />, { route: '/search?q=pricing' });

    expect(await screen.findByText('Searching…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No pages match "pricing"' })).toBeInTheDocument();
    expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
  });

  it('shows a clear empty state', async () => {
    fakeSearch();
    renderWithProviders(<AppRouter />, { route: '/search?q=zebra%20stripes' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search results for "zebra stripes"' }),
    ).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(await within(status).findByRole('heading', { name: 'No pages match "zebra stripes"' })).toBeInTheDocument();
    expect(within(status).getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact');
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
  });

  it('says why a search failed and searches again on Retry', async () => {
    let calls = 0;
    server.use(
      http.get(api('search/'), () => {
        calls += 1;
        if (calls === 1) return HttpResponse.json({ detail: 'Search is down for a moment.' }, { status: 503 });
        return HttpResponse.json(searchSite('pricing', { pages: PUBLIC_PAGES, posts: [], roles: [] }));
      }),
    );
    const { user } = renderWithProviders(<AppRouter />, { route: '/search?q=pricing' });

    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getAllByText('Search is down for a moment.').length).toBeGreaterThan(0);
    await user.click(retry);

    expect(within(await resultsList()).getByRole('link', { name: 'Pricing' })).toBeInTheDocument();
    expect(calls).toBe(2);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it("shows the server's message without a retry for a query it refuses", async () => {
    server.use(
      http.get(api('search/'), () =>
        HttpResponse.json({ detail: 'Please keep your search to 100 characters or fewer.' }, { status: 400 }),
      ),
    );
    renderWithProviders(<AppRouter />, { route: '/search?q=odd' });

    expect((await screen.findAllByText('Please keep your search to 100 characters or fewer.')).length).toBeGreaterThan(
      0,
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('does not send a query longer than the server accepts', async () => {
    const queries = fakeSearch();
    renderWithProviders(<AppRouter />, { route: `/search?q=${'a'.repeat(101)}` });

    expect(await screen.findByText('Please keep your search to 100 characters or fewer.')).toBeInTheDocument();
    expect(queries).toEqual([]);
  });

  it('asks for a query when there is none', async () => {
    const queries = fakeSearch();
    renderWithProviders(<AppRouter />, { route: '/search' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(
      screen.getByText('Type what you are looking for, such as pricing, integrations or careers.'),
    ).toBeInTheDocument();
    expect(queries).toEqual([]);
  });

  it('searches again from its own box', async () => {
    const queries = fakeSearch();
    const { user } = renderWithProviders(<AppRouter />, { route: '/search?q=jobs' });
    const box = await screen.findByRole('searchbox', { name: 'Search Adwise' });
    expect(box).toHaveValue('jobs');

    await user.clear(box);
    await user.type(box, 'terms{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Search results for "terms"' })).toBeInTheDocument();
    expect(window.location.search).toBe('?q=terms');
    expect(within(await resultsList()).getByRole('link', { name: 'Terms of Service' })).toBeInTheDocument();
    expect(queries).toEqual(['jobs', 'terms']);
  });
});
