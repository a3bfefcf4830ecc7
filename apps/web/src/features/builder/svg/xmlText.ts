/** Writing XML text: numbers, escaped values and attribute lists. */
import { formatSvgNumber, stripXmlInvalidChars } from '@adloom/template';

/** Escapes text content: `&`, `<` and `>`; characters XML cannot hold (a pasted vertical tab) are dropped. */
export function escapeText(value: string): string {
  return stripXmlInvalidChars(value).replace(/[&<>]/g, (char) =>
    char === '&' ? '&amp;' : char === '<' ? '&lt;' : '&gt;',
  );
}

const ATTRIBUTE_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
};

/**
 * Escapes an attribute value for double quotes; tabs and line breaks as references so they survive;
 * characters XML cannot hold are dropped.
 */
export function escapeAttribute(value: string): string {
  return stripXmlInvalidChars(value).replace(
    /[&<>"\t\n\r]/g,
    (char) => ATTRIBUTE_ENTITIES[char] ?? `&#${char.charCodeAt(0)};`,
  );
}

/** ` name="value"` for every value that is not undefined, in order; numbers through formatSvgNumber. */
export function attributes(values: ReadonlyArray<readonly [string, string | number | undefined]>): string {
  return values
    .filter((entry): entry is readonly [string, string | number] => entry[1] !== undefined)
    .map(
      ([name, value]) =>
        ` ${name}="${escapeAttribute(typeof value === 'number' ? formatSvgNumber(value) : value)}"`,
    )
    .join('');
}
