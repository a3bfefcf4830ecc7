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
