import SchemaBuilder from '@pothos/core';
import SubGraphPlugin from '@pothos/plugin-sub-graph';
import { GraphQLError } from 'graphql';
import { DomainError, ERROR_CODES, type ErrorCode } from '../errors.js';
import type { GraphQLContext } from './context.js';

export type SubGraph = 'public' | 'client';
export const BOTH: SubGraph[] = ['public', 'client'];
export const PUBLIC: SubGraph[] = ['public'];
export const CLIENT: SubGraph[] = ['client'];

/** One builder for both endpoints; each type and root field names the sub-graph(s) it belongs to. */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  SubGraphs: SubGraph;
  DefaultFieldNullability: false;
  Scalars: { DateTime: { Input: Date; Output: Date }; Date: { Input: string; Output: string } };
}>({
  plugins: [SubGraphPlugin],
  subGraphs: { defaultForTypes: [], fieldsInheritFromTypes: true },
  defaultFieldNullability: false,
});

builder.scalarType('DateTime', {
  subGraphs: BOTH,
  description: 'An ISO 8601 date-time.',
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (typeof value !== 'string' || Number.isNaN(date.getTime()))
      throw new GraphQLError('DateTime must be an ISO 8601 string.');
    return date;
  },
});

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD. */
export function isIsoDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

builder.scalarType('Date', {
  subGraphs: BOTH,
  description: 'A calendar day, ISO 8601 (YYYY-MM-DD), without a time zone.',
  serialize: (value) => value,
  parseValue: (value) => {
    if (typeof value !== 'string' || !isIsoDay(value))
      throw new GraphQLError(
        `Date must be a day written YYYY-MM-DD, such as 2026-03-31 (got ${JSON.stringify(value)}).`,
      );
    return value;
  },
});

builder.queryType({ subGraphs: BOTH, defaultSubGraphsForFields: [] });
builder.mutationType({ subGraphs: BOTH, defaultSubGraphsForFields: [] });

export interface ServerErrorShape {
  code: ErrorCode;
  message: string;
}

const ErrorCodeEnum = builder.enumType('ErrorCode', {
  subGraphs: BOTH,
  description: 'The stable code of an expected failure (errors.ts: ERROR_CODES).',
  values: ERROR_CODES,
});

export const ServerError = builder.objectRef<ServerErrorShape>('ServerError').implement({
  subGraphs: BOTH,
  description: 'An expected failure: a stable code and a message to show as is.',
  fields: (t) => ({
    code: t.expose('code', { type: ErrorCodeEnum }),
    message: t.exposeString('message'),
  }),
});

/** Runs a mutation body; an expected failure becomes the payload's `error` instead of a GraphQL error. */
export async function payload<T extends object>(
  run: () => Promise<T>,
): Promise<T | { error: ServerErrorShape }> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof DomainError) return { error: { code: e.code, message: e.message } };
    throw e;
  }
}

export type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
/** The field builder of an object type backed by `Shape`, for field sets shared between types. */
export type FieldBuilder<Shape> = PothosSchemaTypes.ObjectFieldBuilder<BuilderTypes, Shape>;
