import { countdownMachine } from '@client/components/countdown.machine';
import { otpConfirmMachine } from '@client/components/otp/otpConfirm.machine';
import { deleteAccountMachine } from '@client/features/account/deleteAccount.machine';
import { disconnectMachine, type DisconnectTarget } from '@client/features/adAccounts/disconnect.machine';
import { optimizerMachine } from '@client/features/budget/optimizer.machine';
import { refreshMachine } from '@client/features/dashboard/refresh.machine';
import { paletteMachine } from '@client/features/palette/palette.machine';
import { ruleBuilderMachine } from '@client/features/rules/ruleBuilder.machine';
import { trialMachine } from '@client/features/trial/trial.machine';
import { deleteWorkspaceMachine } from '@client/features/workspaces/settings/deleteWorkspace.machine';
import { inviteMachine } from '@client/features/workspaces/team/invite.machine';
import { transferMachine } from '@client/features/workspaces/team/transfer.machine';
import { logoutMachine } from '@client/session/logout.machine';
import type { GenerateOtpResult } from '@shared/api/adAccounts';
import { BUDGET_MESSAGES, type FollowedPlanList, type OptimizerApplyResult } from '@shared/api/budgets';
import type { SyncStatus } from '@shared/api/dashboard';
import { RULE_PRESETS } from '@shared/api/rules';
import { DAY_MS } from '@shared/days';

import {
  FOLLOWED_PLAN_ID,
  followedPlanBody,
  GOOGLE_ACCOUNT,
  META_ACCOUNT,
  optimizerCampaignBody,
  optimizerPlanBody,
  PLAN_ACTION_ID,
} from './budgets.handlers';
import { type MachineModel, WALK_START_MS } from './machinePaths';
import { dryRunBody, ruleBody } from './rules.handlers';
import { clientWorkspaceBody, invitationBody, memberBody, raviBody } from './team.handlers';

/**
 * Every client state machine with what a walk of it needs (issue 18): the events the component
 * sends, with payloads, and what each call may answer. The paths tests and `npm run
 * machines:paths` read this list; machineRegistry.test.ts fails when a *.machine.ts is missing.
 */

/** An ISO time `ms` after the walk starts. */
const inMs = (ms: number) => new Date(WALK_START_MS + ms).toISOString();

/** A failed call as RTK Query reports it. */
const failure = (status: number, detail: string, extra: Record<string, unknown> = {}) => ({
  status,
  data: { detail, ...extra },
});

/** The server's resend lock after an OTP, kept short so a walk can wait it out (the 30 s default is checked by the tests). */
export const WALK_RESEND_SECONDS = 1;
const otpSent: GenerateOtpResult = { sent: true, resend_after_seconds: WALK_RESEND_SECONDS, expires_in_seconds: 600 };

/** The account the disconnect walk removes. */
export const WALK_AD_ACCOUNT: DisconnectTarget = {
  id: '00000000-0000-4000-8000-400000000001',
  platform: 'google',
  account_id: '123-456-7890',
  name: 'Brand search',
};

const logout: MachineModel = {
  name: 'logout',
  file: 'src/client/session/logout.machine.ts',
  machine: logoutMachine,
  events: { OPEN: [{ type: 'OPEN' }], CANCEL: [{ type: 'CANCEL' }], CONFIRM: [{ type: 'CONFIRM' }] },
  outcomes: { logout: { done: [undefined], error: [failure(500, 'Logout failed')] } },
  effects: ['clearSession', 'notifyLoggedOut', 'redirectToLogin'],
};

const deleteAccount: MachineModel = {
  name: 'deleteAccount',
  file: 'src/client/features/account/deleteAccount.machine.ts',
  machine: deleteAccountMachine,
  events: {
    SUBMIT: [{ type: 'SUBMIT', username: 'asha' }],
    CANCEL: [{ type: 'CANCEL' }],
    CONFIRM: [{ type: 'CONFIRM' }],
  },
  outcomes: { deleteAccount: { done: [undefined], error: [failure(500, 'Failed to delete account.')] } },
  effects: ['notifyDeleting', 'clearAccountData', 'redirectToLogin'],
};

/** Trial ends the walk uses: 3 days away, 30 days away (past one timer's reach), already past. */
export const TRIAL_ENDS = {
  inThreeDays: inMs(3 * DAY_MS),
  inThirtyDays: inMs(30 * DAY_MS),
  past: inMs(-DAY_MS),
  inSevenDays: inMs(7 * DAY_MS),
};

const trial: MachineModel = {
  name: 'trial',
  file: 'src/client/features/trial/trial.machine.ts',
  machine: trialMachine,
  input: { isTrial: false, endsAt: null },
  events: {
    START: [{ type: 'START' }],
    TRIAL_REPORTED: [
      { type: 'TRIAL_REPORTED', isTrial: false, endsAt: null },
      { type: 'TRIAL_REPORTED', isTrial: true, endsAt: TRIAL_ENDS.inThreeDays },
      { type: 'TRIAL_REPORTED', isTrial: true, endsAt: TRIAL_ENDS.past },
    ],
  },
  outcomes: {
    startTrial: {
      done: [{ trial_ends_at: TRIAL_ENDS.inThirtyDays }, { trial_ends_at: null }],
      error: [failure(500, 'Failed to start trial')],
    },
  },
  effects: ['notifyStarted'],
  // Time is part of the trial's state: the same end seen later is closer.
  serialize: (snapshot, clockMs) => ({ value: snapshot.value, context: snapshot.context, clockMs }),
};

/** The countdown walk counts down from 2.5 s. */
export const COUNTDOWN_END_MS = WALK_START_MS + 2_500;

const countdown: MachineModel = {
  name: 'countdown',
  file: 'src/client/components/countdown.machine.ts',
  machine: countdownMachine,
  input: { end: COUNTDOWN_END_MS },
  events: {},
  outcomes: {},
  effects: [],
};

const otpConfirm: MachineModel = {
  name: 'otpConfirm',
  file: 'src/client/components/otp/otpConfirm.machine.ts',
  machine: otpConfirmMachine,
  events: {
    SEND: [{ type: 'SEND' }],
    VERIFY: [
      { type: 'VERIFY', otp: '123456' },
      { type: 'VERIFY', otp: '12345' },
    ],
    RESEND: [{ type: 'RESEND' }],
    BACK: [{ type: 'BACK' }],
    CANCEL: [{ type: 'CANCEL' }],
  },
  raised: ['RESEND_LOCKED'],
  outcomes: {
    generateOtp: {
      done: [otpSent],
      error: [
        failure(500, 'Unable to send OTP. Please try again.'),
        failure(429, 'Too many requests', { retry_after_seconds: 1 }),
      ],
    },
    verifyOtp: { done: [{ verified: true, expires_in_seconds: 600 }], error: [failure(400, 'Invalid OTP.')] },
  },
  // Its reports to the parent, recorded in place of the events sent.
  effects: ['reportSent', 'reportSendFailed', 'reportVerified', 'reportLockChanged'],
  // The error's words do not change where the flow can go: only whether there is one.
  serialize: (snapshot) => ({
    value: snapshot.value,
    context: { ...snapshot.context, error: snapshot.context.error !== null },
  }),
};

/**
 * What a parent of the OTP child takes on its OTP step: the dialog's events it forwards to the
 * child, and the child's reports. The walk of a parent sends the reports itself (it cannot see
 * inside the child), and records what the parent asks of the child (toOtp) in its place.
 */
const otpParentEvents = {
  VERIFY: [{ type: 'VERIFY', otp: '123456' }],
  RESEND: [{ type: 'RESEND' }],
  CANCEL: [{ type: 'CANCEL' }],
  'OTP.SENT': [{ type: 'OTP.SENT' }],
  'OTP.SEND_FAILED': [{ type: 'OTP.SEND_FAILED' }],
  'OTP.VERIFIED': [{ type: 'OTP.VERIFIED' }],
  'OTP.LOCK_CHANGED': [
    { type: 'OTP.LOCK_CHANGED', locked: true },
    { type: 'OTP.LOCK_CHANGED', locked: false },
  ],
} satisfies MachineModel['events'];

const disconnect: MachineModel = {
  name: 'disconnect',
  file: 'src/client/features/adAccounts/disconnect.machine.ts',
  machine: disconnectMachine,
  events: {
    OPEN: [{ type: 'OPEN', account: WALK_AD_ACCOUNT }],
    SEND: [{ type: 'SEND' }],
    CONFIRM: [{ type: 'CONFIRM' }],
    ...otpParentEvents,
  },
  outcomes: {
    deleteConnectedAccount: {
      done: [{ deleted: true, id: WALK_AD_ACCOUNT.id }],
      error: [failure(500, 'Failed to disconnect the account.')],
    },
  },
  effects: ['toOtp', 'notifyOtpSent', 'notifyVerified', 'notifyDisconnected'],
  // The error's words do not change where the flow can go: only whether there is one.
  serialize: (snapshot) => ({
    value: snapshot.value,
    context: { ...snapshot.context, error: snapshot.context.error !== null },
  }),
};

/** A sync status: running or not, with the given connections' states. */
function syncStatus(
  running: boolean,
  connections: {
    platform: 'google' | 'meta';
    status: SyncStatus['connections'][number]['status'];
    last_error?: string | null;
  }[] = [],
): SyncStatus {
  return {
    running,
    interval_minutes: 60,
    last_synced_at: inMs(0),
    connections: connections.map((connection, index) => ({
      connection_id: `connection-${index + 1}`,
      platform: connection.platform,
      status: connection.status,
      last_synced_at: inMs(0),
      progress: { done: running ? 1 : 3, total: 3 },
      last_error: connection.last_error ?? null,
      next_attempt_at: null,
      backfilled: true,
    })),
  };
}

/** Sync states the refresh walk sees. */
export const SYNC = {
  running: syncStatus(true, [{ platform: 'google', status: 'running' }]),
  finished: syncStatus(false, [{ platform: 'google', status: 'idle' }]),
  metaFailed: syncStatus(false, [
    { platform: 'google', status: 'idle' },
    { platform: 'meta', status: 'failed' },
  ]),
};

const refresh: MachineModel = {
  name: 'refresh',
  file: 'src/client/features/dashboard/refresh.machine.ts',
  machine: refreshMachine,
  events: { REFRESH: [{ type: 'REFRESH' }] },
  outcomes: {
    startSync: { done: [SYNC.running, SYNC.finished], error: [failure(500, 'Unified sync error')] },
    getSyncStatus: { done: [SYNC.running, SYNC.metaFailed], error: [failure(503, 'Service unavailable')] },
    reload: { done: [undefined], error: [failure(500, 'Google Ads API failed')] },
  },
  effects: ['notify', 'notifyStartFailed'],
};

const PLAN = optimizerPlanBody();
const APPLIED: OptimizerApplyResult = {
  action_id: PLAN_ACTION_ID,
  plan_id: null,
  change_lines: ['Google Ads: set the daily budget of “Brand search” from $100.00 to $130.00'],
};
const FOLLOWED_LIST: FollowedPlanList = { plans: [followedPlanBody()] };
const ENDED_LIST: FollowedPlanList = { plans: [followedPlanBody({ status: 'done' })] };

const optimizer: MachineModel = {
  name: 'optimizer',
  file: 'src/client/features/budget/optimizer.machine.ts',
  machine: optimizerMachine,
  input: { account: GOOGLE_ACCOUNT.id },
  events: {
    SET_ACCOUNT: [{ type: 'SET_ACCOUNT', account: META_ACCOUNT.id }],
    SET_MAX_STEP: [{ type: 'SET_MAX_STEP', maxStep: 0.1 }],
    SET_OBJECTIVE: [{ type: 'SET_OBJECTIVE', objective: 'value' }],
    TOGGLE_LOCK: [{ type: 'TOGGLE_LOCK', campaignId: optimizerCampaignBody().campaign_id }],
    PROPOSE: [{ type: 'PROPOSE' }],
    APPLY: [{ type: 'APPLY' }],
    SET_FOLLOW: [{ type: 'SET_FOLLOW', follow: true }],
    CANCEL: [{ type: 'CANCEL' }],
    CONFIRM: [{ type: 'CONFIRM' }],
    STOP: [{ type: 'STOP' }],
  },
  outcomes: {
    fetchPlan: {
      done: [PLAN],
      error: [
        failure(500, 'Unable to propose a plan.'),
        failure(400, BUDGET_MESSAGES.nothingMovable, { code: 'validation_failed' }),
      ],
    },
    applyPlan: {
      done: [APPLIED, { ...APPLIED, plan_id: FOLLOWED_PLAN_ID }],
      error: [
        failure(409, BUDGET_MESSAGES.stale, { code: 'conflict' }),
        failure(502, 'Google Ads refused the change.'),
      ],
    },
    loadFollowedPlans: {
      done: [FOLLOWED_LIST, ENDED_LIST],
      error: [failure(500, 'Unable to load the followed plans.')],
    },
    stopPlan: {
      done: [followedPlanBody({ status: 'stopped' })],
      error: [failure(409, BUDGET_MESSAGES.planNotFollowing, { code: 'conflict' })],
    },
  },
  effects: ['announceApplied'],
  // Where the optimizer can go depends on whether a plan is on show, whether its options can be
  // rolled back and whether the apply followed the plan: the rest is checked, not walked apart.
  serialize: ({ value, context }) => ({
    value,
    plan: context.plan !== null,
    planOptions: context.planOptions !== null,
    follows: Boolean(context.result?.plan_id),
  }),
};

const FORM_STEP = { conditions: true, actions: true, schedule: true };

const ruleBuilder: MachineModel = {
  name: 'ruleBuilder',
  file: 'src/client/features/rules/ruleBuilder.machine.ts',
  machine: ruleBuilderMachine,
  input: { definition: RULE_PRESETS[0].definition('UTC') },
  events: {
    VALIDITY: [{ type: 'VALIDITY', valid: true }],
    NEXT: [{ type: 'NEXT' }],
    BACK: [{ type: 'BACK' }],
    GOTO: [
      { type: 'GOTO', step: 'conditions' },
      { type: 'GOTO', step: 'actions' },
      { type: 'GOTO', step: 'schedule' },
    ],
    CHANGE: [{ type: 'CHANGE', definition: { ...RULE_PRESETS[0].definition('UTC'), name: 'Pause costly ads' } }],
    RUN_AGAIN: [{ type: 'RUN_AGAIN' }],
    SAVE: [{ type: 'SAVE' }],
  },
  outcomes: {
    runDryRun: { done: [dryRunBody()], error: [failure(500, 'The dry run failed.')] },
    saveRule: { done: [ruleBody()], error: [failure(400, 'A rule with this name already exists.')] },
  },
  effects: [],
  // Only the form steps' validity decides where the builder can go; results and errors are checked, not walked apart.
  serialize: ({ value, context }) => ({
    value,
    stepValid: typeof value === 'string' && value in FORM_STEP ? context.stepValid : null,
  }),
};

const transfer: MachineModel = {
  name: 'transfer',
  file: 'src/client/features/workspaces/team/transfer.machine.ts',
  machine: transferMachine,
  events: {
    OPEN: [{ type: 'OPEN' }],
    CHOOSE: [
      {
        type: 'CHOOSE',
        member: { user_id: raviBody().user_id, full_name: raviBody().full_name, email: raviBody().email },
      },
    ],
    CONFIRM: [{ type: 'CONFIRM' }],
    BACK: [{ type: 'BACK' }],
    RETRY: [{ type: 'RETRY' }],
    CANCEL: [{ type: 'CANCEL' }],
  },
  outcomes: {
    transferOwnership: {
      done: [
        {
          workspace: clientWorkspaceBody('manager'),
          members: [memberBody({ role: 'manager' }), raviBody({ role: 'owner' })],
          invitations: [],
        },
      ],
      error: [failure(409, 'Ravi Kumar is no longer a member of this workspace.')],
    },
  },
  effects: [],
};

const invite: MachineModel = {
  name: 'invite',
  file: 'src/client/features/workspaces/team/invite.machine.ts',
  machine: inviteMachine,
  events: {
    OPEN: [{ type: 'OPEN' }],
    SUBMIT: [{ type: 'SUBMIT', invitation: { email: 'client@example.com', role: 'client' } }],
    EDIT: [{ type: 'EDIT' }],
    CLOSE: [{ type: 'CLOSE' }],
  },
  outcomes: {
    createInvitation: { done: [invitationBody()], error: [failure(409, 'client@example.com is already a member.')] },
  },
  effects: [],
};

/** The workspace the delete-workspace walk removes. */
export const WALK_WORKSPACE = { id: clientWorkspaceBody().id, name: clientWorkspaceBody().name };

const deleteWorkspace: MachineModel = {
  name: 'deleteWorkspace',
  file: 'src/client/features/workspaces/settings/deleteWorkspace.machine.ts',
  machine: deleteWorkspaceMachine,
  events: {
    OPEN: [{ type: 'OPEN', workspace: WALK_WORKSPACE }],
    CONFIRM_NAME: [
      { type: 'CONFIRM_NAME', name: ` ${WALK_WORKSPACE.name} ` },
      { type: 'CONFIRM_NAME', name: 'Acme' },
    ],
    RETRY: [{ type: 'RETRY' }],
    ...otpParentEvents,
  },
  outcomes: {
    deleteWorkspace: {
      done: [{ deleted: true, id: WALK_WORKSPACE.id }],
      error: [failure(403, 'Verify the code again to delete the workspace.')],
    },
  },
  effects: ['toOtp', 'notifyOtpSent', 'notifyDeleted', 'leaveDeletedWorkspace'],
  serialize: (snapshot) => ({
    value: snapshot.value,
    context: { ...snapshot.context, error: snapshot.context.error !== null },
  }),
};

const palette: MachineModel = {
  name: 'palette',
  file: 'src/client/features/palette/palette.machine.ts',
  machine: paletteMachine,
  events: {
    OPEN: [{ type: 'OPEN' }],
    CLOSE: [{ type: 'CLOSE' }],
    TYPE: [{ type: 'TYPE', query: 'camp' }],
    // An empty list, and one of two entries (enough to move round it both ways).
    RESULTS: [
      { type: 'RESULTS', count: 0 },
      { type: 'RESULTS', count: 2 },
    ],
    NEXT: [{ type: 'NEXT' }],
    PREVIOUS: [{ type: 'PREVIOUS' }],
    HIGHLIGHT: [
      { type: 'HIGHLIGHT', index: 1 },
      { type: 'HIGHLIGHT', index: 2 },
    ],
    CHOOSE: [{ type: 'CHOOSE' }],
  },
  outcomes: {},
  effects: ['runChosen'],
};

/** Every client machine, each with its walk. */
export const MACHINE_MODELS: readonly MachineModel[] = [
  logout,
  deleteAccount,
  trial,
  countdown,
  otpConfirm,
  disconnect,
  refresh,
  optimizer,
  ruleBuilder,
  transfer,
  invite,
  deleteWorkspace,
  palette,
];

/** The model of the machine named `name` (a paths test's first line). */
export function machineModel(name: string): MachineModel {
  const model = MACHINE_MODELS.find((candidate) => candidate.name === name);
  if (!model) throw new Error(`no machine model named ${name}`);
  return model;
}
