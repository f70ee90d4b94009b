/**
 * @jest-environment node
 */
// The build's prerender runs in Node, without a page, and with Preact in place of React (which
// this test process has loaded): the test runs it as the build does, in a process of its own.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

import type { PrerenderedPage } from './prerender';

const ROOT = path.resolve(__dirname, '../../..');

function prerenderPage(route: string): PrerenderedPage {
  const output = execFileSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/prerender.ts', '--page', route], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(output) as PrerenderedPage;
}

describe('prerenderPage', () => {
  it('renders a public page whole, as a visitor first sees it, with the styles its markup uses', () => {
    const page = prerenderPage('/pricing');
    expect(page.html).toMatch(/<h1[^>]*>Pricing<\/h1>/);
    // The page itself, not the skeleton shown while its chunk loads; no boundary left to the browser.
    expect(page.html).not.toContain('MuiSkeleton');
    expect(page.html).not.toContain('<script');
    // A visitor's top bar.
    expect(page.html).toContain('href="/login"');
    // Every class the markup names is among the style tags' (data-emotion lists each by its hash).
    // (css-0 is emotion's name for no style at all.)
    const classes = new Set(page.html.match(/css-[a-z0-9]+(?=-Mui|["\s])/g)?.filter((name) => name !== 'css-0'));
    expect(classes.size).toBeGreaterThan(10);
    const registered = new Set(
      [...page.styleTags.matchAll(/data-emotion="css ([^"]*)"/g)].flatMap((match) =>
        match[1].split(' ').map((id) => id.split('-')[0]),
      ),
    );
    for (const name of classes) expect(registered).toContain(name.slice('css-'.length));
  });

  it('marks the page it is at as the current one in the navigation', () => {
    const page = prerenderPage('/features');
    expect(page.html).toMatch(/aria-current="page"[^>]*href="\/features"/);
  });

  it('renders with Preact, whose ids the Preact in the browser makes again when it hydrates the page', () => {
    const page = prerenderPage('/pricing');
    // useId's ids are the renderer's own: Preact's look like P0-1, React's like _R_1a_.
    expect(page.html).toMatch(/id="P\d+-\d+"/);
    expect(page.html).not.toMatch(/id="_R_/);
    // Every label and description the markup points at is in it (aria-controls may name a popup mounted later, the mobile menu).
    const ids = new Set([...page.html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));
    const references = [...page.html.matchAll(/\s(?:for|aria-labelledby|aria-describedby)="([^"]+)"/g)].flatMap(
      (match) => match[1].split(' '),
    );
    expect(references.length).toBeGreaterThan(5);
    for (const reference of references) expect(ids).toContain(reference);
  });
});
