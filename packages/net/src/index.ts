/**
 * @adloom/net: the guarded HTTP client of the server side (Node only), shared by the renderer's server
 * image fetch and the catalogue import.
 */
export {
  describeRange,
  type GuardOptions,
  type HostLookup,
  isAllowListed,
  nonPublicRange,
  pinnedLookup,
  type ResolvedAddress,
  resolveSafeAddresses,
  systemLookup,
} from './address-guard.js';
export { NetError, type NetErrorCode } from './errors.js';
export { type HostCheckOptions, type RefusedHost, refusedHosts } from './host-check.js';
export {
  guardedGet,
  type GuardedGetOptions,
  type GuardedResponse,
  parseHttpUrl,
  requestOptions,
  untilAborted,
} from './request.js';
export { contentEncoding, decodedBody } from './body.js';
export { readAtMost } from './read-limited.js';
export { shortenUrl } from './url-text.js';
