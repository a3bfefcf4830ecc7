import type { ResultOf } from 'gql.tada';
import type { MembersQuery } from './api/members';
import type { PendingInvitationsQuery } from './api/pendingInvitations';

export type Member = ResultOf<typeof MembersQuery>['members'][number];
export type PendingInvitation = ResultOf<typeof PendingInvitationsQuery>['pendingInvitations'][number];

export function memberName(member: Member): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.email;
}

// Lists can be empty, and then hold no typename for the cache to invalidate after a mutation.
export const membersContext = { additionalTypenames: ['Member'] };
export const invitationsContext = { additionalTypenames: ['PendingInvitation'] };

/** An invitation made whose mail did not go out: its link is for the admin to pass on. */
export interface UnsentInvitation {
  email: string;
  link: string;
  expiresAt: string;
}

/** What inviteUser and resendInvitation answer, as far as the mail is concerned. */
interface InvitationAnswer {
  invitation: { expiresAt: string } | null;
  mailSent: boolean | null;
  invitationLink: string | null;
}

/** The invitation's link when it was made and no mail went out; null when a mail was sent (or it failed). */
export function unsentInvitation(
  email: string,
  answer: InvitationAnswer | undefined,
): UnsentInvitation | null {
  if (!answer?.invitation || answer.mailSent !== false || !answer.invitationLink) return null;
  return { email, link: answer.invitationLink, expiresAt: answer.invitation.expiresAt };
}
