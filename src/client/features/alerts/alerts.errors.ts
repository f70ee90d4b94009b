import type { ErrorFallbacksOf } from '@client/api/errorFallbacks';

import type { alertsApi } from './alerts.api';

/**
 * What a failed request of alerts.api.ts says when the server gives no reason (spec section 8), by
 * endpoint name; a name missing here gets the generic text, null means the feature shows its own
 * feedback. The app composes every feature's table (app/errorFallbacks.ts).
 */
export const alertsErrorFallbacks = {
  // The alerts page shows a failed list inline, with Retry; the bell polls, and one failed poll only leaves the last count.
  listAlerts: null,
  getUnreadAlertCount: null,
  markAlertsRead: 'Unable to mark alerts as read. Please try again.',
  // The e-mail settings show a failed load inline, with Retry; a failed save puts the switch back and says so here.
  getAlertSettings: null,
  updateAlertSettings: 'Unable to save your alert e-mail settings. Please try again.',
  // The sensitivity section shows a failed load inline, with Retry; a failed save puts the choice back and says so here.
  getAlertSensitivity: null,
  setAlertSensitivity: 'Unable to change the alert sensitivity. Please try again.',
  // The webhook section shows a failed load inline (with Retry), a refused address on its field
  // and the test message's outcome next to its button; only a failed removal is toasted.
  getAlertWebhook: null,
  saveAlertWebhook: null,
  testAlertWebhook: null,
  deleteAlertWebhook: 'Unable to remove the webhook. Please try again.',
} satisfies ErrorFallbacksOf<typeof alertsApi>;
