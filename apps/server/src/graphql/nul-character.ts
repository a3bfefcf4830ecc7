/**
 * PostgreSQL cannot store the NUL character (U+0000) in text or jsonb, so a string argument holding one
 * would fail deep in a query as an internal error. It is refused up front, naming the argument.
 */
import type { Plugin } from '@envelop/core';
import { GraphQLError, Kind, type ASTNode, type ValidationContext, type ASTVisitor } from 'graphql';

const NUL = '\u0000';

function nulError(what: string) {
  return new GraphQLError(`${what} must not contain the NUL character (\\u0000).`, {
    extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } },
  });
}

/** Literal strings in the document (arguments, input fields, variable defaults). */
function noNulInLiterals(context: ValidationContext): ASTVisitor {
  return {
    StringValue(node, _key, parent, _path, ancestors) {
      if (!node.value.includes(NUL)) return;
      const named = [...ancestors, parent]
        .reverse()
        .find((a): a is ASTNode & { kind: Kind.ARGUMENT | Kind.OBJECT_FIELD | Kind.VARIABLE_DEFINITION } => {
          const kind = (a as ASTNode).kind;
          return kind === Kind.ARGUMENT || kind === Kind.OBJECT_FIELD || kind === Kind.VARIABLE_DEFINITION;
        });
      const name =
        named?.kind === Kind.VARIABLE_DEFINITION ? `$${named.variable.name.value}` : named?.name.value;
      context.reportError(nulError(name ? `Argument "${name}"` : 'A string argument'));
    },
  };
}

/** The first variable (and where in it) holding a NUL, walked without recursion: variables can nest deep. */
function nulInVariables(variables: unknown): string | undefined {
  if (!variables || typeof variables !== 'object') return undefined;
  const stack: [unknown, string][] = Object.entries(variables).map(([name, value]) => [value, `$${name}`]);
  while (stack.length > 0) {
    const [value, where] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return where;
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push([item, `${where}[${i}]`]));
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) stack.push([item, `${where}.${key}`]);
    }
  }
  return undefined;
}

/** Refuses NUL in any string argument, literal or variable, as BAD_USER_INPUT. */
export function rejectNulCharacters(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(noNulInLiterals);
    },
    onExecute({ args, setResultAndStopExecution }) {
      const where = nulInVariables(args.variableValues);
      if (where) setResultAndStopExecution({ errors: [nulError(`Variable "${where}"`)] });
    },
  };
}
