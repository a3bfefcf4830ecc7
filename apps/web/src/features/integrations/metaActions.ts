/** What the Meta card can ask of the server; the page's hook (useMetaActions) runs them. */
export type MetaAction = 'connect' | 'save' | 'sync' | 'disconnect';

export interface MetaActions {
  /**
   * Whether the viewer may connect, pick accounts and disconnect (the server allows these to admins only;
   * any member may sync now).
   */
  canManage: boolean;
  /** The action under way, if any: its button spins and the others wait. */
  busy: MetaAction | null;
  /** Starts Meta's consent flow: the browser leaves for Meta's page. */
  connect: () => void;
  /** Saves the accounts to sync and the backfill length, and starts the backfill. */
  save: (externalIds: readonly string[], backfillDays: number) => void;
  syncNow: () => void;
  /** Asks for a confirmation first. */
  disconnect: () => void;
}
