/**
 * The domain events modules publish, by name, with their payloads. A module that must react to another
 * module's change subscribes to its event (bus.ts) instead of the other module calling into it.
 */
export interface DomainEvents {
  /** A catalogue import completed: the catalogue has a new current version (its items changed). */
  catalogVersionImported: { catalogId: string; importId: string };
  /**
   * A generation run of a feed ended: none of its creatives is waiting or being generated any more (their
   * images are stored). Published by each item job that finds the run over, so possibly more than once.
   */
  feedCreativesGenerated: { feedId: string; clientId: string };
  /** A user turned demo mode on (users' setDemoMode): the clients they belong to show the demo data set. */
  demoModeEnabled: { userId: string; clientIds: string[] };
}

export type DomainEventName = keyof DomainEvents;
