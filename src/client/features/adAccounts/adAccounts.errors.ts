import { type ErrorFallbacksOf, platformOfArgs } from '@client/api/errorFallbacks';
import { PLATFORM_LABELS } from '@shared/constants';

import type { adAccountsApi } from './adAccounts.api';

/**
 * What a failed request of adAccounts.api.ts says when the server gives no reason (spec section 8), by
 * endpoint name; a name missing here gets the generic text, null means the feature shows its own
 * feedback. The app composes every feature's table (app/errorFallbacks.ts).
 */
export const adAccountsErrorFallbacks = {
  listAdAccounts: 'Unable to load ad accounts right now.',
  startConnection: (args) => {
    const platform = platformOfArgs(args);
    return `Failed to start ${platform ? PLATFORM_LABELS[platform] : 'the'} connection`;
  },
  generateOtp: 'Unable to send OTP. Please try again.',
  verifyOtp: 'Invalid OTP.',
  deleteConnectedAccount: 'Failed to delete account.',
} satisfies ErrorFallbacksOf<typeof adAccountsApi>;
