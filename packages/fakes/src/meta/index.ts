export { createFakeMeta, type FakeMeta, type FakeMetaOptions, type FakeRequest } from './fake-meta.js';
export { startFakeMeta, benchmarkMetaOptions, type StartedFakeMeta } from './server.js';
export { FakeMetaControl, type AsyncMode, type FakeRequestRecord } from './control.js';
export {
  FakeMetaWorld,
  PLANTED_DARK_CTR,
  type FakeAd,
  type FakeAccount,
  type FakeLook,
  type FakeMetrics,
} from './world.js';
export { FAKE_ATTRIBUTION_SETTING } from './insights.js';
export type { FakeResponse } from './errors.js';
