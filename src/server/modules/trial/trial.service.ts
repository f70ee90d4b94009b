import { AUTH_MESSAGES, type StartTrialResult } from '@shared/api/auth';
import { ErrorCode } from '@shared/api/errors';
import { TRIAL_DURATION_MS, TRIAL_REMINDER_BEFORE_MS } from '@shared/constants';

import type { AppContext } from '../../context';
import { HttpError } from '../../lib/httpError';
import { sessionGone } from '../../lib/signedIn';
import { awardPoints } from '../gamification/gamification.service';
import { markTrialReminderSent, startUserTrial, userExists } from './trial.queries';

/** Stable id of the job that sends the "your trial ends tomorrow" e-mail. */
export const TRIAL_REMINDER_JOB = 'trial.reminder.send';

/** The 7-day trial: starts once, never restarts; a reminder goes out 24 h before it ends. */
export function createTrialService({
  db,
  clock,
  queue,
  mailer,
  config,
}: Pick<AppContext, 'db' | 'clock' | 'queue' | 'mailer' | 'config'>) {
  /**
   * Sends the reminder at most once: the flag and the outbox row are written in one transaction,
   * and only while the flag is unset and the trial has not ended.
   */
  async function sendReminder(userId: string): Promise<boolean> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const user = await markTrialReminderSent(tx, userId, now);
      if (!user) return false;
      await mailer.send(
        {
          to: user.email,
          userId,
          subject: 'Your Adwise trial ends tomorrow',
          text: `Hi ${user.fullName},\n\nYour 7-day Adwise trial ends on ${user.trialEndsAt!.toUTCString()}.\nSee what your ads did this week and pick a plan that fits: ${config.publicUrl}/pricing\n`,
        },
        tx,
      );
      return true;
    });
  }

  return {
    sendReminder,

    async startTrial(userId: string): Promise<StartTrialResult> {
      const now = clock.now();
      const endsAt = new Date(now.getTime() + TRIAL_DURATION_MS);
      const started = await db.transaction(async (tx) => {
        if (!(await startUserTrial(tx, userId, now, endsAt))) return false;
        await awardPoints(tx, userId, 'startTrial', 'once', now);
        await queue.send(
          TRIAL_REMINDER_JOB,
          { userId },
          {
            tx,
            startAfter: new Date(endsAt.getTime() - TRIAL_REMINDER_BEFORE_MS),
            singletonKey: `trial-reminder:${userId}`,
          },
        );
        return true;
      });
      if (!started) {
        if (!(await userExists(db, userId))) throw sessionGone();
        throw new HttpError(409, AUTH_MESSAGES.trialAlreadyUsed, ErrorCode.Conflict);
      }
      return { is_trial: true, trial_ends_at: endsAt.toISOString() };
    },
  };
}
export type TrialService = ReturnType<typeof createTrialService>;
