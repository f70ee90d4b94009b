/**
 * @jest-environment node
 */
// The build's prerender runs in Node, without a page: so does this test.
import { prerenderPage } from './prerender';

describe('prerenderPage', () => {
  it('renders a public page whole, as a visitor first sees it, with the styles its markup uses', async () => {
    const page = await prerenderPage('/pricing');
    expect(page.html).toMatch(/<h1[^>]*>Pricing<\/h1>/);
    // The page itself, not the skeleton shown while its chunk loads; no boundary left to the browser.
    expect(page.html).not.toContain('MuiSkeleton');
    expect(page.html).not.toContain('<script');
    expect(page.html).not.toContain('<!--$!-->');
    // A visitor's top bar.
    expect(page.html).toContain('href="/login"');
    // Every class the markup names is among the style tags' (data-emotion lists each by its hash).
    // (css-0 is emotion's name for no style at all.)
    const classes = new Set(page.html.match(/css-[a-z0-9]+(?=-Mui|["\s])/g)?.filter((name) => name !== 'css-0'));
    expect(classes.size).toBeGreaterThan(10);
    const registered = new Set([...page.styleTags.matchAll(/data-emotion="css ([^"]*)"/g)].flatMap((match) => match[1].split(' ').map((id) => id.split('-')[0])));
    for (const name of classes) expect(registered).toContain(name.slice('css-'.length));
  });

  it('marks the page it is at as the current one in the navigation', async () => {
    const page = await prerenderPage('/features');
    expect(page.html).toMatch(/aria-current="page"[^>]*href="\/features"/);
  });
});
