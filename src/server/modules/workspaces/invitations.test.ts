import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';

import { WORKSPACE_MESSAGES } from '@shared/api/workspaces';
import { DAY_MS } from '@shared/days';
import { eq } from 'drizzle-orm';

import { users, workspaceInvitations, workspaceMembers } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { signUp } from '../../test/factories';
import { hashToken } from '../auth/tokens';
import { call, createWorkspace, invitationToken, joinAs, lastMail, relogin, userIdOf } from './workspaces.fixtures';

const START = '2026-11-21T09:00:00Z';

describe('invitations: mailed single-use links for one address', () => {
  let t: TestApp;
  const clock = manualClock(START);
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  beforeAll(async () => {
    t = await buildTestApp({ clock, workers: false, logStream, config: { logLevel: 'info' } });
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(START));

  const preview = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/invitations/${token}/`, remoteAddress: '10.99.0.1' });
  const invitationRows = (workspaceId: string) =>
    t.app.ctx.db.select().from(workspaceInvitations).where(eq(workspaceInvitations.workspaceId, workspaceId));
  const membersOf = async (workspaceId: string) =>
    (await t.app.ctx.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId)))
      .map((m) => `${m.userId}:${m.role}`)
      .sort();

  async function invited(email = `ivy-${randomUUID().slice(0, 6)}@example.com`, role = 'viewer') {
    const owner = await signUp(t.app, { fullName: 'Olga Owner' });
    const workspace = await createWorkspace(t.app, owner, 'Acme Foods');
    const res = await call(t.app, owner, 'POST', 'workspace/invitations/', {
      workspace,
      payload: { email: ` ${email.toUpperCase()} `, role },
    });
    expect(res.statusCode).toBe(201);
    return { owner, workspace, email, invitation: res.json(), token: await invitationToken(t.app, email) };
  }

  it('mails a link whose token is stored only as its SHA-256; the invitee registers with that address and accepts', async () => {
    const { owner, workspace, email, invitation, token } = await invited(undefined, 'viewer');
    expect(invitation).toEqual({
      id: expect.any(String),
      email,
      role: 'viewer',
      sent_at: new Date(START).toISOString(),
      expires_at: new Date(Date.parse(START) + 7 * DAY_MS).toISOString(),
      invited_by: 'Olga Owner',
    });
    const mail = await lastMail(t.app, email, 'invited you');
    expect(mail!.subject).toBe('Olga Owner invited you to Acme Foods on Adwise');
    expect(mail!.subject).not.toContain(token);
    expect(mail!.textBody).toContain(`http://localhost:3000/invitations/${token}`);
    const [row] = await invitationRows(workspace);
    expect(row.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    // The public preview, before signing in or up.
    const shown = await preview(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.json()).toEqual({
      workspace_name: 'Acme Foods',
      email,
      role: 'viewer',
      invited_by: 'Olga Owner',
      expires_at: invitation.expires_at,
    });

    const invitee = await signUp(t.app, { email, fullName: 'Ivy Invitee' });
    const accepted = await call(t.app, invitee, 'POST', 'invitations/accept/', { payload: { token } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({
      id: workspace,
      name: 'Acme Foods',
      role: 'viewer',
      personal: false,
      connected_accounts: 0,
      current: true,
      dashboard: false,
    });
    const team = (await call(t.app, owner, 'GET', 'workspace/team/', { workspace })).json();
    expect(team.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [email, 'viewer'],
    ]);
    expect(team.invitations).toEqual([]);

    // Used up.
    expect((await preview(token)).statusCode).toBe(404);
    const again = await call(t.app, invitee, 'POST', 'invitations/accept/', { payload: { token } });
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toBe(WORKSPACE_MESSAGES.invitationNotFound);

    // The token never reached the log.
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(token);
  });

  it('refuses a signed-in user with another address (403, naming the invited one), and changes nothing', async () => {
    const { workspace, email, token } = await invited();
    const before = await membersOf(workspace);
    const someoneElse = await signUp(t.app);
    const res = await call(t.app, someoneElse, 'POST', 'invitations/accept/', { payload: { token } });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(WORKSPACE_MESSAGES.invitationWrongEmail(email));
    expect(await membersOf(workspace)).toEqual(before);
    const [row] = await invitationRows(workspace);
    expect(row.acceptedAt).toBeNull();
    // The right person still can.
    const invitee = await signUp(t.app, { email });
    expect((await call(t.app, invitee, 'POST', 'invitations/accept/', { payload: { token } })).statusCode).toBe(200);
  });

  it('stops working after 7 days', async () => {
    const { email, token } = await invited();
    const invitee = await signUp(t.app, { email });
    clock.advance(7 * DAY_MS);
    // The session is older now than an access token lives: sign in again.
    await relogin(t.app, invitee);
    expect((await preview(token)).statusCode).toBe(404);
    const res = await call(t.app, invitee, 'POST', 'invitations/accept/', { payload: { token } });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(WORKSPACE_MESSAGES.invitationNotFound);
  });

  it('revokes a pending invitation: the link stops working, and it leaves the team list', async () => {
    const { owner, workspace, email, invitation, token } = await invited();
    const res = await call(t.app, owner, 'DELETE', `workspace/invitations/${invitation.id}/`, { workspace });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revoked: true, id: invitation.id });
    expect((await call(t.app, owner, 'GET', 'workspace/team/', { workspace })).json().invitations).toEqual([]);
    const invitee = await signUp(t.app, { email });
    expect((await call(t.app, invitee, 'POST', 'invitations/accept/', { payload: { token } })).statusCode).toBe(404);
    expect(
      (await call(t.app, owner, 'DELETE', `workspace/invitations/${invitation.id}/`, { workspace })).statusCode,
    ).toBe(404);
    // Revoked, the address may be invited again.
    expect(
      (await call(t.app, owner, 'POST', 'workspace/invitations/', { workspace, payload: { email, role: 'client' } }))
        .statusCode,
    ).toBe(201);
  });

  it('re-sends with a new link and a new expiry; the old link stops working', async () => {
    const { owner, workspace, email, invitation, token } = await invited();
    clock.advance(6 * DAY_MS);
    await relogin(t.app, owner);
    const res = await call(t.app, owner, 'POST', `workspace/invitations/${invitation.id}/resend/`, { workspace });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: invitation.id,
      sent_at: clock.now().toISOString(),
      expires_at: new Date(clock.now().getTime() + 7 * DAY_MS).toISOString(),
    });
    const fresh = await invitationToken(t.app, email);
    expect(fresh).not.toBe(token);
    expect((await preview(token)).statusCode).toBe(404);
    clock.advance(3 * DAY_MS);
    expect((await preview(fresh)).statusCode).toBe(200);
    // An invitation that ran out may be re-sent too.
    clock.advance(10 * DAY_MS);
    await relogin(t.app, owner);
    expect(
      (await call(t.app, owner, 'POST', `workspace/invitations/${invitation.id}/resend/`, { workspace })).statusCode,
    ).toBe(200);
  });

  it('refuses to invite a member or an address already invited, a bad address or role, and unknown invitation ids', async () => {
    const { owner, workspace, email, invitation } = await invited();
    const member = await joinAs(t.app, owner, workspace, 'viewer');
    const before = (await invitationRows(workspace)).length;
    const cases = [
      [{ email: member.email.toUpperCase(), role: 'manager' }, 409, WORKSPACE_MESSAGES.alreadyMember],
      [{ email: owner.email, role: 'viewer' }, 409, WORKSPACE_MESSAGES.alreadyMember],
      [{ email, role: 'manager' }, 409, WORKSPACE_MESSAGES.alreadyInvited],
      [{ email: 'not-an-address', role: 'viewer' }, 400, WORKSPACE_MESSAGES.emailInvalid],
      [{ email: 'new@example.com', role: 'admin' }, 400, WORKSPACE_MESSAGES.roleInvalid],
      [{ email: 'new@example.com' }, 400, WORKSPACE_MESSAGES.roleInvalid],
    ] as const;
    for (const [payload, status, detail] of cases) {
      const res = await call(t.app, owner, 'POST', 'workspace/invitations/', { workspace, payload });
      expect({ payload, status: res.statusCode, detail: res.json().detail }).toEqual({ payload, status, detail });
    }
    expect(await invitationRows(workspace)).toHaveLength(before);

    for (const id of [randomUUID(), 'nope']) {
      for (const res of [
        await call(t.app, owner, 'POST', `workspace/invitations/${id}/resend/`, { workspace }),
        await call(t.app, owner, 'DELETE', `workspace/invitations/${id}/`, { workspace }),
      ]) {
        expect({ status: res.statusCode, detail: res.json().detail }).toEqual({
          status: 404,
          detail: WORKSPACE_MESSAGES.invitationNotFound,
        });
      }
    }
    // Another workspace's owner cannot touch this invitation through their own workspace.
    const other = await signUp(t.app);
    const theirs = await createWorkspace(t.app, other, 'Theirs');
    expect(
      (await call(t.app, other, 'DELETE', `workspace/invitations/${invitation.id}/`, { workspace: theirs })).statusCode,
    ).toBe(404);
    expect((await call(t.app, owner, 'GET', 'workspace/team/', { workspace })).json().invitations).toHaveLength(1);
  });

  it('lets an expired invitation be replaced by a new one for the same address', async () => {
    const { owner, workspace, email } = await invited();
    clock.advance(8 * DAY_MS);
    await relogin(t.app, owner);
    const res = await call(t.app, owner, 'POST', 'workspace/invitations/', {
      workspace,
      payload: { email, role: 'manager' },
    });
    expect(res.statusCode).toBe(201);
    expect(await invitationRows(workspace)).toHaveLength(1);
  });

  it('keeps the role of someone who is already a member, and just uses the link up', async () => {
    const owner = await signUp(t.app);
    const workspace = await createWorkspace(t.app, owner, 'Acme');
    const email = `twice-${randomUUID().slice(0, 6)}@example.com`;
    await call(t.app, owner, 'POST', 'workspace/invitations/', { workspace, payload: { email, role: 'manager' } });
    const firstToken = await invitationToken(t.app, email);
    const invitee = await signUp(t.app, { email });
    // Meanwhile they became a member (a client) another way: the invitation's role does not replace that.
    await t.app.ctx.db
      .insert(workspaceMembers)
      .values({ workspaceId: workspace, userId: await userIdOf(t.app, invitee), role: 'client' });
    const res = await call(t.app, invitee, 'POST', 'invitations/accept/', { payload: { token: firstToken } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: workspace, role: 'client', current: true });
    const [row] = await invitationRows(workspace);
    expect(row.acceptedAt).not.toBeNull();
    const [user] = await t.app.ctx.db
      .select({ current: users.currentWorkspaceId })
      .from(users)
      .where(eq(users.email, email));
    expect(user.current).toBe(workspace);
  });

  it('answers 404 for unknown tokens, and 400/401 for a bad accept request', async () => {
    expect((await preview('x'.repeat(43))).json().detail).toBe(WORKSPACE_MESSAGES.invitationNotFound);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/invitations/accept/', payload: { token: 'x' } })).statusCode,
    ).toBe(401);
    const user = await signUp(t.app);
    const empty = await call(t.app, user, 'POST', 'invitations/accept/', { payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe(WORKSPACE_MESSAGES.invitationNotFound);
    expect((await call(t.app, user, 'POST', 'invitations/accept/', { payload: { token: 'made-up' } })).statusCode).toBe(
      404,
    );
  });
});
