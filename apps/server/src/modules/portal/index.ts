/**
 * The staff portal: its GraphQL operations (portal.schema.ts) and each client's MSA file, which the
 * portal's file routes (http/portal-files.ts) store and serve.
 */
export { getMsa, MSA_MAX_BYTES, saveMsa } from './msa.service.js';
import './portal.schema.js';
