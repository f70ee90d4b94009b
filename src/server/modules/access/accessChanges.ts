import { EventEmitter } from 'node:events';

import type { Db } from '../../db/connect';

/**
 * News, inside one process, that someone's access just narrowed, for what keeps a response open
 * past its first check (the live alert stream): it ends at once instead of at its next look.
 * Announce only after the change has committed. Other processes' changes reach their streams at
 * those streams' next look, which checks again.
 */
export interface AccessChanges {
  /** Every access token of the user stopped working (logout, password reset, refresh-token reuse, account deleted). */
  sessionsEnded(userId: string): void;
  /** The user left or was removed from the workspace, or their role in it changed. */
  membershipChanged(workspaceId: string, userId: string): void;
  /** The workspace is gone, and every membership of it. */
  workspaceDeleted(workspaceId: string): void;
  /** Calls `onChange` when any of the above touches the user in the workspace; returns what stops watching. */
  watch(principal: { userId: string; workspaceId: string }, onChange: () => void): () => void;
}

/** One channel per database (per app), as the token version cache: every module's services share it. */
const channels = new WeakMap<Db, AccessChanges>();

export function accessChanges(db: Db): AccessChanges {
  let channel = channels.get(db);
  if (!channel) {
    channel = createAccessChanges();
    channels.set(db, channel);
  }
  return channel;
}

function createAccessChanges(): AccessChanges {
  // One event name per user, membership and workspace: an announcement reaches only the streams it is about.
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const ofUser = (userId: string) => `user:${userId}`;
  const ofMember = (workspaceId: string, userId: string) => `member:${workspaceId}:${userId}`;
  const ofWorkspace = (workspaceId: string) => `workspace:${workspaceId}`;
  return {
    sessionsEnded: (userId) => void events.emit(ofUser(userId)),
    membershipChanged: (workspaceId, userId) => void events.emit(ofMember(workspaceId, userId)),
    workspaceDeleted: (workspaceId) => void events.emit(ofWorkspace(workspaceId)),
    watch({ userId, workspaceId }, onChange) {
      const names = [ofUser(userId), ofMember(workspaceId, userId), ofWorkspace(workspaceId)];
      // Announced after a commit: a watcher that throws must neither fail the request that made the change nor keep the news from the others.
      const listener = () => {
        try {
          onChange();
        } catch {
          // Nothing to undo: the change stands, and the watcher's next look checks again.
        }
      };
      for (const name of names) events.on(name, listener);
      return () => {
        for (const name of names) events.off(name, listener);
      };
    },
  };
}
