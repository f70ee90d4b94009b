import { paths } from '@client/lib/paths';
import { fakeAccessToken } from '@client/test/accessToken';

import {
  landingPath,
  LAST_PAGE_KEY_PREFIX,
  rememberedLocation,
  rememberedPage,
  rememberPage,
  userIdOf,
} from './lastPage';

afterEach(() => localStorage.clear());

describe('userIdOf', () => {
  it("reads the user id from an access token's payload", () => {
    expect(userIdOf(fakeAccessToken('0b7e6c1e-2f4c-4d0a-9d51-4f3b9a1f2e77'))).toBe(
      '0b7e6c1e-2f4c-4d0a-9d51-4f3b9a1f2e77',
    );
  });

  it('gives null for no token or one it cannot read', () => {
    for (const token of [null, '', 'acc-9', 'a.b.c', 'a.!!!.c', `x.${btoa('{"sub":42}')}.y`, `x.${btoa('[]')}.y`])
      expect(userIdOf(token)).toBeNull();
  });
});

describe('rememberedLocation', () => {
  it("keeps the product's pages, and the dashboard's view with it", () => {
    expect(rememberedLocation(paths.suggestions, '')).toBe(paths.suggestions);
    expect(rememberedLocation(`${paths.reports}/`, '')).toBe(paths.reports);
    expect(rememberedLocation(paths.dashboard, '?platform=meta&sort=name&page=2')).toBe(
      '/dashboard?platform=meta&sort=name&page=2',
    );
    // A drill-down opened from the palette is not reopened at the next sign-in.
    expect(rememberedLocation(paths.dashboard, '?campaign=cmp-1&sort=ctr')).toBe('/dashboard?sort=ctr');
    expect(rememberedLocation(paths.dashboard, '?campaign=cmp-1')).toBe(paths.dashboard);
  });

  it("drops other pages' queries (one-off answers such as an OAuth callback's)", () => {
    expect(rememberedLocation(paths.connectedAccounts, '?status=success&platform=meta')).toBe(paths.connectedAccounts);
  });

  it('leaves out pages not worth coming back to', () => {
    for (const path of [
      paths.home,
      paths.workspaces,
      paths.login,
      paths.account,
      paths.newRule,
      '/rules/r-1/edit',
      '/invitations/t',
      '/reports/review/d-1',
      paths.oauthAuthorize,
      '/nowhere',
    ]) {
      expect(rememberedLocation(path, '')).toBeNull();
    }
  });
});

describe('the last page, per user', () => {
  it('keeps each user’s own: two users on one browser never get each other’s', () => {
    rememberPage('user-a', '/dashboard?sort=name');
    rememberPage('user-b', paths.budget);
    expect(rememberedPage('user-a')).toBe('/dashboard?sort=name');
    expect(rememberedPage('user-b')).toBe(paths.budget);
    expect(rememberedPage('user-c')).toBeNull();
    expect(rememberedPage(null)).toBeNull();
    rememberPage('user-a', paths.alerts);
    expect(rememberedPage('user-a')).toBe(paths.alerts);
    expect(rememberedPage('user-b')).toBe(paths.budget);
  });

  it('trusts nothing stored that is not one of the pages it keeps', () => {
    for (const stored of [
      '//evil.example/dashboard',
      'https://evil.example/',
      '/login',
      '/dashboard?campaign=cmp-1',
      'dashboard',
    ]) {
      localStorage.setItem(`${LAST_PAGE_KEY_PREFIX}user-a`, stored);
      expect(rememberedPage('user-a')).toBe(stored === '/dashboard?campaign=cmp-1' ? paths.dashboard : null);
    }
  });

  it('survives a storage that refuses', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(() => rememberPage('user-a', paths.rules)).not.toThrow();
    setItem.mockRestore();
    expect(rememberedPage('user-a')).toBeNull();
  });
});

describe('landingPath', () => {
  it('is All clients for more than one workspace, else the last page, else home', () => {
    expect(landingPath(2, paths.budget)).toBe(paths.workspaces);
    expect(landingPath(5, null)).toBe(paths.workspaces);
    expect(landingPath(1, '/dashboard?sort=name')).toBe('/dashboard?sort=name');
    expect(landingPath(1, null)).toBe(paths.home);
    expect(landingPath(0, null)).toBe(paths.home);
  });
});
