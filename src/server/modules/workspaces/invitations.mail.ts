import { type Role, ROLE_DESCRIPTIONS, ROLE_TITLES } from '@shared/access/policy';
import { INVITATION_TTL_DAYS } from '@shared/api/workspaces';

/** The text of the mails about a workspace's team. Subjects never carry the link: they show on lock screens and reach logs. */

/** The invitation: who asks, to which workspace, with which role, and the single-use link. */
export function invitationMail(input: {
  workspaceName: string;
  inviterName: string | null;
  role: Role;
  link: string;
}): { subject: string; text: string } {
  const who = input.inviterName ?? 'A member of Adwise';
  return {
    subject: `${who} invited you to ${input.workspaceName} on Adwise`,
    text:
      `Hi,\n\n${who} invited you to join the workspace “${input.workspaceName}” on Adwise as ${ROLE_TITLES[input.role]}: ` +
      `${ROLE_DESCRIPTIONS[input.role]}\n\n` +
      `Open this link within ${INVITATION_TTL_DAYS} days to accept (create an account with this e-mail address first if you have none):\n\n${input.link}\n\n` +
      'The link works once and only for this address. If you did not expect this invitation, ignore this e-mail.\n',
  };
}

/** To the manager who became the owner because the last owner deleted their account. */
export function promotedOwnerMail(input: { fullName: string; workspaceName: string; formerOwnerName: string }): {
  subject: string;
  text: string;
} {
  return {
    subject: `You are now the owner of ${input.workspaceName} on Adwise`,
    text:
      `Hi ${input.fullName},\n\n${input.formerOwnerName} deleted their Adwise account, and they were the only owner of the workspace ` +
      `“${input.workspaceName}”. As its longest-standing manager you are now its owner: ${ROLE_DESCRIPTIONS.owner}\n\n` +
      'Nothing in the workspace was changed. You can invite another owner, or transfer ownership, from the Team page.\n',
  };
}
