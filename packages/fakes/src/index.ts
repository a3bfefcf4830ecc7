/** Fakes of the outside services Adloom talks to, one folder each, started on loopback by tests. */
export * from './meta/index.js';
