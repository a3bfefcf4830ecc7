/**
 * The shapes the integrations page reads, as the GraphQL contracts give them
 * (docs/issue-18/meta-api.graphql and import-api.graphql).
 */
export type AdConnectionStatus = 'CONNECTED' | 'RECONNECT_NEEDED' | 'DISCONNECTED';
export type MetaSyncState = 'IDLE' | 'QUEUED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'PARTIAL';

export interface MetaSync {
  state: MetaSyncState;
  progress?: number | null;
  message?: string | null;
  startedAt?: string | null;
  finishedAt?: string | null;
  failures: readonly string[];
}

export interface MetaAdAccount {
  externalId: string;
  name: string;
  currency: string;
  timeZone: string;
  selected: boolean;
  lastSyncedAt?: string | null;
}

export interface MetaConnection {
  id: string;
  status: AdConnectionStatus;
  userName?: string | null;
  connectedAt: string;
  lastSyncAt?: string | null;
  lastSyncError?: string | null;
  backfillDays: number;
  accounts: readonly MetaAdAccount[];
  sync: MetaSync;
}

export interface MetaIntegration {
  configured: boolean;
  sandbox: boolean;
  appId?: string | null;
  connection?: MetaConnection | null;
}

export interface AdPerformanceImport {
  id: string;
  status: string;
  error?: string | null;
  rowsRead: number;
  rowsImported: number;
  rejectedCount: number;
  rejectedRows: readonly { row: number; reason: string }[];
  unknownColumns: readonly string[];
  fileName?: string | null;
  format?: string | null;
  language?: string | null;
  currency?: string | null;
  firstDay?: string | null;
  lastDay?: string | null;
  accountName?: string | null;
  createdAt: string;
  finishedAt?: string | null;
}
