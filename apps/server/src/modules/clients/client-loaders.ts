/** The client reads a list asks for once per row, batched into one query per request (graphql/loaders.ts). */
import { batchLoad } from '../../graphql/loaders.js';
import { featuresOfClients, type FeatureState } from './clients.service.js';

/** A client's feature flags by its id, batched per request (a viewer's clients, the portal's list). */
export const CLIENT_FEATURES = batchLoad<string, FeatureState[]>(featuresOfClients);
