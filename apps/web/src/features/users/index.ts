/** The users screen (members, invitations, the client's audit log), loaded on demand. */
export const loadUsersScreen = () => import('./UsersScreen');
