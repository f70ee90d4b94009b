import type { ErrorFallbacksOf } from '@client/api/errorFallbacks';

import type { sessionApi } from './session.api';

/**
 * What a failed request of session.api.ts says when the server gives no reason (spec section 8), by
 * endpoint name; a name missing here gets the generic text, null means the feature shows its own
 * feedback. The app composes every feature's table (app/errorFallbacks.ts).
 */
export const sessionErrorFallbacks = {
  login: 'Login failed.',
  register: 'Registration failed',
  logout: 'Logout failed',
  forgotPassword: 'Unable to send the reset link. Please try again.',
  resetPassword: 'Unable to change the password. Please try again.',
} satisfies ErrorFallbacksOf<typeof sessionApi>;
