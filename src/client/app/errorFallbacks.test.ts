import type { ErrorFallbacksOf } from '@client/api/errorFallbacks';
import { fallbackFor } from '@client/api/errorToasts';
import type { adAccountsApi } from '@client/features/adAccounts/adAccounts.api';
import { adAccountsErrorFallbacks } from '@client/features/adAccounts/adAccounts.errors';
import { dashboardErrorFallbacks } from '@client/features/dashboard/dashboard.errors';

import { ERROR_FALLBACKS, provideAppErrorFallbacks } from './errorFallbacks';

describe('the error fallbacks', () => {
  it("compose every feature's own table, and the toasts read them once provided", () => {
    provideAppErrorFallbacks();
    expect(ERROR_FALLBACKS).toMatchObject({ ...adAccountsErrorFallbacks, ...dashboardErrorFallbacks });
    expect(fallbackFor('listAdAccounts')).toBe('Unable to load ad accounts right now.');
    expect(fallbackFor('startConnection', 'google')).toBe('Failed to start Google Ads connection');
  });

  it('take only endpoint names of the feature’s API as keys (checked by the type check)', () => {
    const spelt = { listAdAccounts: 'Unable to load ad accounts right now.' } satisfies ErrorFallbacksOf<
      typeof adAccountsApi
    >;
    // @ts-expect-error: a misspelt endpoint name does not compile.
    const misspelt = { listAdAcounts: 'Unable to load ad accounts right now.' } satisfies ErrorFallbacksOf<
      typeof adAccountsApi
    >;
    // @ts-expect-error: another feature's endpoint is not this feature's to word.
    const foreign = { getDashboard: 'Unified sync error' } satisfies ErrorFallbacksOf<typeof adAccountsApi>;
    // @ts-expect-error: reading a fallback the feature does not declare does not compile either.
    const unknown: unknown = adAccountsErrorFallbacks.listAdAcounts;
    expect([spelt, misspelt, foreign, unknown]).toHaveLength(4);
  });
});
