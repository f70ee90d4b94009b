import { INVITE_STATUS_KEY } from '@shared/api/adAccounts';

import {
  clearInviteNotice,
  CONNECT_RESULT_KEY,
  type ConnectResultDetails,
  failureReasonMessage,
  isConnectCallback,
  loadInviteNotice,
  saveConnectCallback,
} from './inviteStatus';

const NONE: ConnectResultDetails = { platform: null, reason: null, connected: null, plan: null, limit: null };

describe('inviteStatus', () => {
  it('recognises the callback query by invite_status', () => {
    expect(isConnectCallback('?invite_status=PENDING&platform=google')).toBe(true);
    expect(isConnectCallback('?platform=google')).toBe(false);
    expect(isConnectCallback('')).toBe(false);
  });

  it('keeps a known status and the callback details, and reads them back checked', () => {
    saveConnectCallback(
      '?invite_status=FAILED&platform=meta&reason=plan_limit&plan=starter&limit=1&connected=0&email=a@b.c',
    );
    expect(localStorage.getItem(INVITE_STATUS_KEY)).toBe('FAILED');
    expect(JSON.parse(sessionStorage.getItem(CONNECT_RESULT_KEY) ?? '{}')).not.toHaveProperty('email');
    expect(loadInviteNotice()).toEqual({
      status: 'FAILED',
      details: { platform: 'meta', reason: 'plan_limit', connected: 0, plan: 'starter', limit: 1 },
    });
  });

  it('drops values it does not know', () => {
    saveConnectCallback('?invite_status=FAILED&platform=myspace&reason=because&plan=gold&limit=lots');
    expect(loadInviteNotice()).toEqual({ status: 'FAILED', details: NONE });

    localStorage.setItem(INVITE_STATUS_KEY, 'MAYBE');
    expect(loadInviteNotice()).toBeNull();
  });

  it('replaces the details of an earlier attempt', () => {
    saveConnectCallback('?invite_status=FAILED&platform=meta&reason=denied');
    saveConnectCallback('?invite_status=PENDING&platform=google');
    expect(loadInviteNotice()).toEqual({ status: 'PENDING', details: { ...NONE, platform: 'google' } });
  });

  it('survives broken stored details', () => {
    localStorage.setItem(INVITE_STATUS_KEY, 'PENDING');
    sessionStorage.setItem(CONNECT_RESULT_KEY, '{not json');
    expect(loadInviteNotice()).toEqual({ status: 'PENDING', details: NONE });
  });

  it('forgets both', () => {
    saveConnectCallback('?invite_status=PENDING&platform=google');
    clearInviteNotice();
    expect(localStorage.getItem(INVITE_STATUS_KEY)).toBeNull();
    expect(sessionStorage.getItem(CONNECT_RESULT_KEY)).toBeNull();
    expect(loadInviteNotice()).toBeNull();
  });

  describe('failureReasonMessage', () => {
    const planLimit = (details: Partial<ConnectResultDetails>) =>
      failureReasonMessage({ ...NONE, reason: 'plan_limit', ...details });

    it('words the plan limit with the plan and a properly pluralised count', () => {
      expect(planLimit({ plan: 'starter', limit: 1 })).toBe(
        'Your Starter plan allows 1 connected ad account. Disconnect one or upgrade to connect more.',
      );
      expect(planLimit({ plan: 'pro', limit: 5 })).toBe(
        'Your Pro plan allows 5 connected ad accounts. Disconnect one or upgrade to connect more.',
      );
      expect(planLimit({ plan: 'agency', limit: 20 })).toBe(
        'Your Agency plan allows 20 connected ad accounts. Disconnect one or upgrade to connect more.',
      );
    });

    it("falls back to the plan's own limit, and to plain words when there is none", () => {
      expect(planLimit({ plan: 'pro' })).toBe(
        'Your Pro plan allows 5 connected ad accounts. Disconnect one or upgrade to connect more.',
      );
      expect(planLimit({ plan: 'agency' })).toBe(
        'Your Agency plan has reached its limit of connected ad accounts. Disconnect one or upgrade to connect more.',
      );
      expect(planLimit({ limit: 3 })).toBe(
        'Your plan allows 3 connected ad accounts. Disconnect one or upgrade to connect more.',
      );
    });

    it('names the platform that failed, or says "the platform"', () => {
      expect(failureReasonMessage({ ...NONE, reason: 'platform_error', platform: 'x' })).toBe(
        'Twitter did not complete the connection. Please try again in a moment.',
      );
      expect(failureReasonMessage({ ...NONE, reason: 'platform_error' })).toBe(
        'The platform did not complete the connection. Please try again in a moment.',
      );
    });

    it('asks to finish in the browser the connection was started from', () => {
      saveConnectCallback('?invite_status=FAILED&platform=linkedin&reason=wrong_browser');
      const notice = loadInviteNotice();
      expect(notice?.details.reason).toBe('wrong_browser');
      expect(failureReasonMessage(notice!.details)).toBe(
        'Please finish connecting in the same browser you started from.',
      );
    });

    it('says nothing without a reason', () => {
      expect(failureReasonMessage(NONE)).toBeNull();
    });
  });
});
