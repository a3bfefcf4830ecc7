/**
 * Client workspaces: plans, trials, features and memberships. Other modules read a client and its
 * members through these; the GraphQL types other schemas embed (Permissions, ClientFeature, PlanStatus,
 * planFields) are exported too.
 */
export { landingPath, showTermsModal } from './client-rules.js';
export {
  acceptTerms,
  addMember,
  clientsOfUser,
  createClient,
  createTrialWorkspace,
  featuresOf,
  findClientByName,
  getClient,
  listClientsForPortal,
  memberCounts,
  membersOf,
  membershipOf,
  requireClient,
  setFeature,
  setPlan,
} from './clients.service.js';
export { ClientFeature, Permissions, PlanStatus, planFields } from './clients.schema.js';
export { CLIENT_FEATURES } from './client-loaders.js';
