/**
 * Bounds on what one GraphQL request may ask for and get back, so that no request can hold the process's
 * memory or time: tokens, aliases, depth and cost are checked before execution (GraphQL Armor), the
 * response's size while it is being resolved (here: Armor has no such limit).
 *
 * The figures come from the web app's own operations (`apps/server/test/graphql-limits.test.ts` measures
 * every one of them): at most 815 characters, 106 tokens, 0 aliases, depth 5 and cost 145.
 */
import { useOnResolve } from '@envelop/on-resolve';
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import {
  GraphQLError,
  getNullableType,
  isLeafType,
  isListType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { MAX_TEMPLATE_CHARS } from '../modules/templates/index.js';

export const QUERY_LIMITS = {
  /**
   * Characters of the query text, checked before parsing. Yoga keeps up to 1024 parsed documents keyed by
   * their text for an hour, and the client endpoint takes 12 MB bodies (templates, sent as variables).
   */
  queryChars: 20_000,
  /**
   * Parsing stops at the first token over this. It also bounds validation: graphql's overlapping-fields rule
   * compares same-named fields pairwise, and in a fragment placed first it runs before Armor's checks.
   */
  tokens: 1000,
  /** Every alias counts, `__typename` too (Armor's default lets those through). */
  aliases: 10,
  /** Levels of fields; fragments add none. The standard introspection query (15) is over it. */
  depth: 10,
  /** Armor's cost: 1 per scalar, 2 per object, times 1.5 per level. */
  cost: 1000,
} as const;

/**
 * The builder reads one template of up to MAX_TEMPLATE_CHARS (10 Mi) characters, at most about twice that
 * as escaped JSON; 32 MiB lets that through and refuses, say, four such templates in one response.
 */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
if (MAX_RESPONSE_BYTES < 2 * MAX_TEMPLATE_CHARS) throw new Error('MAX_RESPONSE_BYTES is below a template');

function limitError(limit: keyof typeof QUERY_LIMITS, message: string) {
  return new GraphQLError(`${message} Ask for less in one request.`, {
    extensions: { code: 'QUERY_LIMIT_EXCEEDED', limit, max: QUERY_LIMITS[limit], http: { status: 400 } },
  });
}

/** Armor's errors start with "Syntax Error:" and carry no code; ours name the limit and say what to do. */
function refuse(limit: keyof typeof QUERY_LIMITS) {
  return [
    (_context: unknown, error: GraphQLError) => {
      throw limitError(limit, error.message.replace(/^Syntax Error: /, ''));
    },
  ];
}

/** Armor has no limit on the text itself. */
const maxQueryChars: Plugin = {
  onParams({ params, setResult }) {
    const length = params.query?.length ?? 0;
    if (length > QUERY_LIMITS.queryChars) {
      const message = `Query text limit of ${QUERY_LIMITS.queryChars} characters exceeded, found ${length}.`;
      setResult({ errors: [limitError('queryChars', message)] });
    }
  },
};

/** The limits checked before execution, for `createYoga({ plugins })`. */
export function queryLimitPlugins(): Plugin[] {
  return [
    maxQueryChars,
    maxTokensPlugin({ n: QUERY_LIMITS.tokens, onReject: refuse('tokens') }),
    maxAliasesPlugin({ n: QUERY_LIMITS.aliases, allowList: [], onReject: refuse('aliases') }),
    maxDepthPlugin({
      n: QUERY_LIMITS.depth,
      flattenFragments: true,
      ignoreIntrospection: false,
      onReject: refuse('depth'),
    }),
    costLimitPlugin({
      maxCost: QUERY_LIMITS.cost,
      flattenFragments: true,
      ignoreIntrospection: false,
      onReject: refuse('cost'),
    }),
  ];
}

interface ResponseBudget {
  bytes: number;
  exceeded: boolean;
}

const budgets = new WeakMap<object, ResponseBudget>();

function responseTooLarge() {
  return new GraphQLError(
    `The response would be larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB, the limit. Ask for fewer or smaller fields (one template's templateString at a time).`,
    { extensions: { code: 'RESPONSE_TOO_LARGE', limit: 'responseBytes', max: MAX_RESPONSE_BYTES } },
  );
}

/** The bytes of `text` as a JSON string in UTF-8, quotes and escapes included, without building it. */
export function jsonStringBytes(text: string): number {
  let bytes = 2;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x5c) bytes += 2;
    else if (c < 0x20) bytes += 6;
    else if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else bytes += 3; // a surrogate pair (4 bytes) counts 6; a lone half (escaped, 6 bytes) counts 3
  }
  return bytes;
}

/** About what `value` adds to the JSON response: leaves as serialised, objects and lists by their brackets. */
function valueBytes(value: unknown, type: GraphQLOutputType): number {
  if (value == null || value instanceof Error) return 4;
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    if (!Array.isArray(value)) return 2;
    let bytes = 2 + value.length;
    for (const item of value) bytes += valueBytes(item, nullable.ofType);
    return bytes;
  }
  if (!isLeafType(nullable)) return 2;
  let serialized: unknown;
  try {
    serialized = nullable.serialize(value);
  } catch {
    return 4; // graphql reports it as an error; its message is small
  }
  return typeof serialized === 'string' ? jsonStringBytes(serialized) : String(serialized).length;
}

function fieldBytes(value: unknown, info: GraphQLResolveInfo): number {
  return String(info.path.key).length + 4 + valueBytes(value, info.returnType);
}

// One instance for the process: useOnResolve wraps the schema's resolvers in place and marks them with its
// own symbol, so a second instance (another Yoga on the same schema, as in tests) would wrap them again.
const countResolvedBytes = useOnResolve(
  ({ context, info }) => {
    const budget = budgets.get(context);
    if (!budget) return;
    // Once over, the remaining resolvers do no work (no more rows are read).
    if (budget.exceeded) throw responseTooLarge();
    return ({ result, setResult }) => {
      if (budget.exceeded) return;
      budget.bytes += fieldBytes(result, info);
      if (budget.bytes > MAX_RESPONSE_BYTES) {
        budget.exceeded = true;
        // graphql takes a returned Error as the field's error; the big value is let go at once.
        setResult(responseTooLarge());
      }
    };
  },
  // Introspection answers count too: nested `fields { type { fields ...` grows them fast.
  { skipIntrospection: false, skipDefaultResolvers: false },
);

/**
 * Refuses a response over MAX_RESPONSE_BYTES while it is being resolved: each field's value is counted as it
 * is resolved, and the whole answer becomes one RESPONSE_TOO_LARGE error instead of being serialised.
 */
export function responseSizePlugins(): (Plugin | typeof countResolvedBytes)[] {
  const budgetPerRequest: Plugin = {
    onExecute({ args }) {
      const budget: ResponseBudget = { bytes: 0, exceeded: false };
      budgets.set(args.contextValue, budget);
      return {
        onExecuteDone({ setResult }) {
          if (budget.exceeded) setResult({ data: null, errors: [responseTooLarge()] });
        },
      };
    },
  };
  return [countResolvedBytes, budgetPerRequest];
}
