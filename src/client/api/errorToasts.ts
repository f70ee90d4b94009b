import type { AppStartListening } from '@client/lib/listeners';
import { notify } from '@client/lib/notify';
import { isRejected, type UnknownAction } from '@reduxjs/toolkit';
import { platformApiFailed } from '@shared/api/dashboard';
import { type Platform, PLATFORM_LABELS } from '@shared/constants';

import { API_REDUCER_PATH } from './apiRegistry';
import { errorMessage, isAbortError, isSessionExpiredError } from './errors';

/** Shown when an endpoint has no fallback of its own and the error says nothing useful. */
export const GENERIC_ERROR_FALLBACK = 'Something went wrong. Please try again.';

/** The user-info fallback; the route shell only logs user-info failures, pages that toast use this. */
export const USER_INFO_ERROR_FALLBACK = 'Failed to get user info';

/** An endpoint's fallback: fixed text, text built from the call's argument, or null when its feature reports failures itself. */
export type ErrorFallback = string | ((originalArgs: unknown) => string) | null;

function platformOf(originalArgs: unknown): Platform | null {
  const candidate =
    typeof originalArgs === 'object' && originalArgs !== null
      ? (originalArgs as { platform?: unknown }).platform
      : originalArgs;
  return typeof candidate === 'string' && candidate in PLATFORM_LABELS ? (candidate as Platform) : null;
}

/**
 * The fallbacks of spec section 8, by endpoint name. A name missing here gets
 * GENERIC_ERROR_FALLBACK; null means the feature shows its own feedback.
 */
export const ERROR_FALLBACKS: Readonly<Record<string, ErrorFallback>> = {
  listAdAccounts: 'Unable to load ad accounts right now.',
  startConnection: (args) => {
    const platform = platformOf(args);
    return `Failed to start ${platform ? PLATFORM_LABELS[platform] : 'the'} connection`;
  },
  generateOtp: 'Unable to send OTP. Please try again.',
  verifyOtp: 'Invalid OTP.',
  deleteConnectedAccount: 'Failed to delete account.',
  deleteAccount: 'Failed to delete account.',
  sendContactMessage: 'Failed to submit. Please try again.',
  // The newsletter opt-in and the confirm/unsubscribe page show their failures inline.
  subscribeNewsletter: null,
  // The consent page and Connected apps show their failures inline.
  getMcpConsent: null,
  answerMcpConsent: null,
  listConnectedApps: null,
  revokeConnectedApp: null,
  confirmNewsletter: null,
  unsubscribeNewsletter: null,
  // The blog and the site search show their failures on the page (Retry, or the article's not-found state).
  listBlogPosts: null,
  getBlogPost: null,
  searchSite: null,
  // A failed status check just leaves the Subscribe button in place.
  getNewsletterStatus: null,
  getUserInfo: null,
  startTrial: 'Failed to start trial',
  login: 'Login failed.',
  getAccountInfo: 'Failed to fetch account info.',
  register: 'Registration failed',
  getPlatformPerformance: (args) => {
    const platform = platformOf(args);
    return platformApiFailed(platform);
  },
  getDashboard: 'Unified sync error',
  listCampaigns: 'Unable to load campaigns right now.',
  getCampaignAds: "Unable to load this campaign's ads right now.",
  setCampaignStatus: 'Failed to update the campaign.',
  exportCampaigns: 'Export failed. Please try again.',
  updateDashboardSettings: 'Unable to change the display currency.',
  startSync: 'Refresh failed',
  // Polling during a refresh: one failed poll is retried; the refresh machine reports a refresh that gives up.
  getSyncStatus: null,
  // The sync cadence select puts the old value back; the toast says why.
  updateSyncSettings: 'Unable to change how often the accounts sync. Please try again.',
  logout: 'Logout failed',
  forgotPassword: 'Unable to send the reset link. Please try again.',
  resetPassword: 'Unable to change the password. Please try again.',
  listWorkspaces: 'Unable to load your workspaces.',
  // The New workspace dialog says why inline.
  createWorkspace: null,
  setCurrentWorkspace: 'Unable to switch workspaces. Please try again.',
  getWorkspaceOverview: 'Unable to load your clients right now.',
  getTeam: 'Unable to load the team right now.',
  requestDeleteWorkspaceOtp: 'Unable to send OTP. Please try again.',
  verifyDeleteWorkspaceOtp: 'Invalid OTP.',
  // The invitation page says why the link does not work.
  getInvitationPreview: null,
  // The suggestions page, the dashboard panel, the Apply dialog and the actions log show their failures inline, with Retry.
  listSuggestions: null,
  getApplyPreview: null,
  listActions: null,
  // A refusal (409 withdrawn, the platform's reason, the undo window closed) is said in the server's words first.
  applySuggestion: 'Unable to apply the suggestion. Please try again.',
  dismissSuggestion: 'Unable to dismiss the suggestion. Please try again.',
  snoozeSuggestion: 'Unable to snooze the suggestion. Please try again.',
  undoAction: 'Unable to undo the change. Please try again.',
  retryAction: 'Unable to finish the change. Please try again.',
  getAction: null,
  // The alerts page shows a failed list inline, with Retry; the bell polls, and one failed poll only leaves the last count.
  listAlerts: null,
  getUnreadAlertCount: null,
  markAlertsRead: 'Unable to mark alerts as read. Please try again.',
  // The rules page and the builder show a failed list, load, dry run or save inline (a refused
  // field on the field itself); the rest are said here in the server's words first.
  listRules: null,
  getRule: null,
  dryRunRule: null,
  createRule: null,
  updateRule: null,
  setRuleEnabled: 'Unable to turn the rule on or off. Please try again.',
  deleteRule: 'Unable to delete the rule. Please try again.',
  approveRuleAction: 'Unable to approve the change. Please try again.',
  rejectRuleAction: 'Unable to reject the change. Please try again.',
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
  // Budget tools: the page shows a failed list, the account pickers' load, a refused save (on its
  // field, or in the dialog), the plan and a refused apply (a stale plan is proposed again) inline.
  listBudgets: null,
  listBudgetAccounts: null,
  createBudget: null,
  updateBudget: null,
  getOptimizerPlan: null,
  applyOptimizerPlan: null,
  // The followed plans card and the campaign caps say a failed load inline; a refused stop is said in its dialog or on the followed plan.
  listFollowedPlans: null,
  stopFollowedPlan: null,
  listAccountCampaigns: null,
  deleteBudget: 'Unable to delete the budget. Please try again.',
  undoBudgetChange: 'Unable to undo the change. Please try again.',
  // The Creative Analyzer says a refusal (not Pro, a refused field, anything else) on the page.
  analyzeCreative: null,
  compareCreatives: null,
  // The history, a saved analysis, the share dialog's list and the public link show their failures on the page.
  listCreativeAnalyses: null,
  getCreativeAnalysis: null,
  listCreativeShares: null,
  getSharedCreative: null,
  createCreativeShare: 'Unable to create the link. Please try again.',
  revokeCreativeShare: 'Unable to revoke the link. Please try again.',
  deleteCreativeAnalysis: 'Unable to delete the analysis. Please try again.',
  downloadCreativePdf: 'Unable to make the PDF right now. Please try again.',
  // The live ads' scores show a failed load inline; a failed image read fills the form without it and says so.
  getPostLaunch: null,
  fetchPostLaunchImage: null,
  // The refit panel under them says its own load failure (nothing when the workspace is not on Pro,
  // since the list above says so) and toasts a failed refit with the refit's own words.
  getCreativeFeedback: null,
  refitCreativeWeights: null,
  // Client reports say a failed preview, save, PDF, link, schedule, history or review on the page
  // (a refused field under it); the shared page and the review page say theirs as the page.
  getReportPreview: null,
  previewReportDraft: null,
  createReport: null,
  updateReport: null,
  downloadReportPdf: null,
  createReportShare: null,
  getSharedReport: null,
  getReportSchedule: null,
  saveReportSchedule: null,
  deleteReportSchedule: null,
  listWorkspaceMembers: null,
  listReportDeliveries: null,
  downloadDeliveryPdf: null,
  getReportDelivery: null,
  approveReportDelivery: null,
  skipReportDelivery: null,
  deleteReport: 'Unable to delete the report. Please try again.',
  revokeReportShare: 'Unable to revoke the link. Please try again.',
};

/** The fallback text of an endpoint (spec section 8), for screens that also show a failure inline. */
export function fallbackFor(endpointName: string, originalArgs?: unknown): string {
  const fallback = Object.hasOwn(ERROR_FALLBACKS, endpointName) ? ERROR_FALLBACKS[endpointName] : null;
  if (typeof fallback === 'function') return fallback(originalArgs);
  return fallback ?? GENERIC_ERROR_FALLBACK;
}

interface RequestMeta {
  arg?: { endpointName?: unknown; originalArgs?: unknown };
  aborted?: boolean;
  condition?: boolean;
  rejectedWithValue?: boolean;
}

/** The toast text for an action, or null when the action is not a failed request the user should hear about. */
export function rejectionToast(
  action: UnknownAction,
  fallbacks: Readonly<Record<string, ErrorFallback>> = ERROR_FALLBACKS,
): string | null {
  if (!isRejected(action) || !action.type.startsWith(`${API_REDUCER_PATH}/`)) return null;
  const meta = action.meta as RequestMeta;
  // `condition` rejections are cache hits that never went out.
  if (meta.condition || meta.aborted) return null;
  const error = meta.rejectedWithValue ? action.payload : action.error;
  if (isAbortError(error) || isSessionExpiredError(error)) return null;

  const endpointName = typeof meta.arg?.endpointName === 'string' ? meta.arg.endpointName : '';
  const fallback = Object.hasOwn(fallbacks, endpointName) ? fallbacks[endpointName] : GENERIC_ERROR_FALLBACK;
  if (fallback === null) return null;
  const message = errorMessage(error, typeof fallback === 'function' ? fallback(meta.arg?.originalArgs) : fallback);
  // Spec section 8: a platform's failure carries the cross mark, server detail or not.
  return CROSS_MARKED.has(endpointName) && !message.startsWith(CROSS_MARK) ? `${CROSS_MARK} ${message}` : message;
}

const CROSS_MARK = '❌';
/** Endpoints whose failures are shown with the cross mark. */
const CROSS_MARKED = new Set(['getPlatformPerformance']);

/** The one place where failed requests become toasts (reducers never toast). */
export function addErrorToastListener(startAppListening: AppStartListening): void {
  startAppListening({
    predicate: (action) => isRejected(action),
    effect: (action) => {
      const message = rejectionToast(action);
      if (message !== null) notify(message, 'error');
    },
  });
}
