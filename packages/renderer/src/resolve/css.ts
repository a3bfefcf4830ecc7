/**
 * Keeps CSS in templates (style attributes and <style> elements) from reaching outside the document:
 * @import rules go, and url() (or src(), image-set()) references to anything but `#fragment` become
 * `none`. CSS escapes could spell `url` in ways a pattern cannot see, so escaped CSS is refused whole.
 */

/** Result of sanitizing a piece of CSS: the safe text (undefined when refused) and what was removed. */
export interface CssSanitized {
  css: string | undefined;
  removed: string[];
}

// A CSS function that loads a resource, with its argument quoted or not.
const RESOURCE_FUNCTION =
  /\b(url|src|image-set|image|cross-fade|element)\s*\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*))\s*\)/gi;
const IMPORT_RULE = /@import\b[^;]*;?/gi;

/** True when a reference stays inside the document. */
export function isFragmentReference(target: string): boolean {
  return target.trim().startsWith('#');
}

/** Removes @import and outside url() references from CSS text; refuses CSS with escapes. */
export function sanitizeCss(css: string): CssSanitized {
  const removed: string[] = [];
  // Backslash escapes (\75 rl) and comments (u/**/rl) can hide a function name from the pattern.
  if (css.includes('\\') || css.includes('/*')) {
    return { css: undefined, removed: ['CSS with escapes or comments'] };
  }
  let safe = css.replace(IMPORT_RULE, (rule) => {
    removed.push(rule.trim());
    return '';
  });
  safe = safe.replace(
    RESOURCE_FUNCTION,
    (call, name: string, double?: string, single?: string, bare?: string) => {
      const target = double ?? single ?? bare ?? '';
      if (name.toLowerCase() === 'url' && isFragmentReference(target)) return call;
      removed.push(call.trim());
      return 'none';
    },
  );
  return { css: safe, removed };
}

/** True when an attribute value (fill, clip-path, mask…) refers only to fragments of this document. */
export function hasOnlyFragmentUrls(value: string): boolean {
  return sanitizeCss(value).removed.length === 0;
}
