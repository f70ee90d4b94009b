import { AppRouter, preloadPages } from '@client/app/AppRouter';
import { api } from '@client/test/handlers';
import { renderWithProviders } from '@client/test/renderWithProviders';
import { server } from '@client/test/server';
import type { BlogPostSummary } from '@shared/api/blog';
import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';

import { BLOG_LIST_ERROR, NO_POSTS_MESSAGE } from './BlogPage';

// Every page's chunk is loaded before the tests, not while their findBy* queries wait.
beforeAll(preloadPages);

const POSTS: BlogPostSummary[] = [
  {
    slug: 'why-last-7-days-numbers-move',
    title: 'Why last-7-days numbers move: attribution windows and restated data',
    date: '2026-11-10',
    description: 'Why recent numbers keep changing.',
    tags: ['attribution', 'reporting'],
    readingMinutes: 6,
    author: 'The Adwise team',
  },
  {
    slug: 'creative-tests-that-tell-you-something',
    title: 'How to run a creative test that tells you something',
    date: '2026-09-01',
    description: 'One variable at a time.',
    tags: ['creative'],
    readingMinutes: 1,
    author: 'The Adwise team',
  },
];

const articles = () => screen.findByRole('list', { name: 'Articles' });

describe('BlogPage', () => {
  it('shows a skeleton, then every article with its link, date, reading time, description and tags', async () => {
    server.use(
      http.get(api('blog/'), async () => {
        await delay(50);
        return HttpResponse.json(POSTS);
      }),
    );
    renderWithProviders(<AppRouter />, { route: '/blog' });

    expect(await screen.findByRole('status', { name: 'Loading articles' })).toBeInTheDocument();
    const items = within(await articles()).getAllByRole('article');
    expect(items).toHaveLength(2);
    expect(screen.queryByRole('status', { name: 'Loading articles' })).not.toBeInTheDocument();

    const [first, second] = items;
    expect(within(first).getByRole('heading', { level: 2 })).toHaveTextContent(POSTS[0].title);
    expect(within(first).getByRole('link', { name: POSTS[0].title })).toHaveAttribute(
      'href',
      '/blog/why-last-7-days-numbers-move',
    );
    expect(first).toHaveTextContent('10 November 2026 · 6 min read');
    expect(within(first).getByText('10 November 2026')).toHaveAttribute('datetime', '2026-11-10');
    expect(first).toHaveTextContent('Why recent numbers keep changing.');
    const tags = within(first).getByRole('list', { name: 'Tags' });
    expect(within(tags).getByRole('link', { name: 'attribution' })).toHaveAttribute('href', '/search?q=attribution');
    expect(within(tags).getByRole('link', { name: 'reporting' })).toBeInTheDocument();
    expect(second).toHaveTextContent('1 September 2026 · 1 min read');
  });

  it('has one h1 and the tab title Blog', async () => {
    server.use(http.get(api('blog/'), () => HttpResponse.json(POSTS)));
    renderWithProviders(<AppRouter />, { route: '/blog' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    await articles();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Blog · Adwise');
  });

  it('says so when there is no article yet', async () => {
    server.use(http.get(api('blog/'), () => HttpResponse.json([])));
    renderWithProviders(<AppRouter />, { route: '/blog' });

    expect(await screen.findByText(NO_POSTS_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Articles' })).not.toBeInTheDocument();
  });

  it('offers a retry when the list fails to load', async () => {
    let calls = 0;
    server.use(
      http.get(api('blog/'), () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({}, { status: 500 }) : HttpResponse.json(POSTS);
      }),
    );
    const { user } = renderWithProviders(<AppRouter />, { route: '/blog' });

    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getAllByText(BLOG_LIST_ERROR).length).toBeGreaterThan(0);
    await user.click(retry);

    expect(within(await articles()).getAllByRole('heading', { level: 2 })).toHaveLength(2);
    expect(calls).toBe(2);
  });
});
