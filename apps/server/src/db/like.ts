/** The text with LIKE's wildcards and its escape character (backslash, the default) escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** A LIKE (or ILIKE) pattern matching values that contain `text` as it is, wildcards and all. */
export const containing = (text: string): string => `%${escapeLike(text)}%`;
