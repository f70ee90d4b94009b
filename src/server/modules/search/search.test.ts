import type { SearchResult } from '@shared/api/search';

import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { createSearchService } from './search.service';

describe('GET search/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ workers: false });
  });
  afterAll(() => t.close());

  const search = async (q: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search/', query: { q } });
    return { status: res.statusCode, body: res.json() as SearchResult[] };
  };

  it('finds public pages by title, description and keywords', async () => {
    const { status, body } = await search('pricing');
    expect(status).toBe(200);
    expect(body[0]).toEqual({
      kind: 'page',
      title: 'Pricing',
      path: '/pricing',
      snippet: 'Starter, Pro and Agency plans, monthly or yearly.',
    });
    expect((await search('TikTok')).body.map((result) => result.path)).toContain('/integrations');
  });

  it("finds the blog's articles by words of their body, with the text around the match", async () => {
    const { body } = await search('frequency');
    const post = body.find((result) => result.kind === 'post');
    expect(post).toMatchObject({
      title: 'Reading CTR, CPC and conversion rate together',
      path: '/blog/reading-ctr-cpc-and-conversion-rate-together',
    });
    expect(post!.snippet.toLowerCase()).toContain('frequency');
    expect(post!.snippet.length).toBeLessThanOrEqual(170);
  });

  it('finds an article by a word of its title, ahead of matches elsewhere', async () => {
    const { body } = await search('pacing');
    expect(body[0]).toMatchObject({ kind: 'post', title: 'Budget pacing across Meta, Google and LinkedIn' });
  });

  it('finds open roles, linking to the careers page with type and location', async () => {
    const { body } = await search('designer');
    expect(body[0]).toEqual({
      kind: 'role',
      title: 'UI/UX Designer',
      path: '/careers',
      snippet: 'Internship · Remote',
    });
    expect((await search('freelance india')).body).toEqual([
      { kind: 'role', title: 'Content & SEO Strategist', path: '/careers', snippet: 'Freelance · India' },
    ]);
  });

  it('needs every word of the query in the same item', async () => {
    const both = (await search('attribution window')).body;
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((result) => result.kind === 'post')).toBe(true);
    expect((await search('attribution internship')).body).toEqual([]);
  });

  it('answers an empty list for an empty or missing query', async () => {
    expect(await search('   ')).toEqual({ status: 200, body: [] });
    const res = await t.app.inject({ method: 'GET', url: '/api/search/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('refuses a query over 100 characters with a clear message', async () => {
    expect((await search('a'.repeat(100))).status).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/search/', query: { q: 'a'.repeat(101) } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'Please keep your search to 100 characters or fewer.',
      code: 'validation_failed',
      field: 'q',
    });
  });
});

describe('createSearchService', () => {
  const service = createSearchService({
    blog: {
      searchable: [
        {
          slug: 'one',
          title: 'One article',
          description: 'About one.',
          tags: ['x'],
          text: 'Body text with a needle in it.',
        },
      ],
    },
  });

  it('searches the articles it is given', () => {
    expect(service.search('needle')).toEqual([
      { kind: 'post', title: 'One article', path: '/blog/one', snippet: 'Body text with a needle in it.' },
    ]);
  });

  it('takes the first of repeated q parameters and ignores anything that is not text', () => {
    expect(service.search(['needle', 'zebra'])).toHaveLength(1);
    expect(service.search(undefined)).toEqual([]);
    expect(service.search({ q: 1 })).toEqual([]);
  });
});
