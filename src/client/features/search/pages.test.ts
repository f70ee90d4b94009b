import { paths } from '@client/lib/paths';
import { PUBLIC_PAGES } from '@shared/search/pages';

describe('the search index of public pages', () => {
  it('points only at routes the app has', () => {
    const routes = new Set<string>(Object.values(paths));
    for (const page of PUBLIC_PAGES)
      expect({ title: page.title, known: routes.has(page.path) }).toEqual({ title: page.title, known: true });
  });
});
