/** Domain events between modules: their names and payloads, and the bus that delivers them. */
export type { DomainEventName, DomainEvents } from './events.js';
export { publish, subscribe, subscribersOf, type EventContext, type EventSubscriber } from './bus.js';
