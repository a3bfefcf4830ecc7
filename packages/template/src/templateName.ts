import { BUILDER } from './constants.js';

/** The name of a copy of a template: 'Copy of …', cut with an ellipsis to stay within the name limit. */
export function copyName(name: string): string {
  const prefix = 'Copy of ';
  const room = BUILDER.maxNameLength - prefix.length;
  const chars = Array.from(name);
  return prefix + (chars.length > room ? chars.slice(0, room - 1).join('') + '…' : name);
}
