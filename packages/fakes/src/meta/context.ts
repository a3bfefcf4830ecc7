/** What every route of the fake shares: the app, the user who logs in, the world and the control. */
import type { FakeMetaControl } from './control.js';
import type { InsightsQuery } from './insights.js';
import type { FakeMetaWorld } from './world.js';

export interface ReportRun {
  id: string;
  query: InsightsQuery;
  polls: number;
  createdAt: number;
}

export interface FakeMetaContext {
  appId: string;
  appSecret: string;
  user: { id: string; name: string };
  world: FakeMetaWorld;
  control: FakeMetaControl;
  usedCodes: Set<string>;
  reportRuns: Map<string, ReportRun>;
  pageSize: number;
  autoApprove: boolean;
}
