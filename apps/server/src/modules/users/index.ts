/**
 * Users, their accounts (registration, sign-in links, passwords) and the members of a client
 * (invitations, roles). The rules of what a user may do in a client (permissionsOf) live in user-rules.ts.
 */
export {
  consumeSignInLink,
  createSignInLink,
  nextPathAfterSignIn,
  register,
  requestPasswordReset,
  resetPassword,
  verifyEmail,
} from './account.service.js';
export { acceptInvitation, inviteUser, type Actor } from './members.service.js';
export { normaliseEmail, permissionsOf } from './user-rules.js';
export { setFacebookInfo } from './facebook-info.js';
export {
  authenticate,
  createUser,
  findUserByEmail,
  getUser,
  setDemoMode,
  setPassword,
  VERIFY_LINK_HOURS,
} from './users.service.js';
import './users.schema.js';
import './account.schema.js';
import './members.schema.js';
