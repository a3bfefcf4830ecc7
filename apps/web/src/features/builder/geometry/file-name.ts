/**
 * The download file name (spec section 5): "the template name lowercased, with every non-alphanumeric
 * character replaced by an underscore, ending in .jpg".
 *
 * Taken literally: after lowercasing, every character that is not a-z or 0-9 becomes one underscore, so
 * accented and non-Latin letters do too ('Café' → 'caf_.jpg'), one underscore per character (an emoji
 * is one character, not two UTF-16 units), and runs are not collapsed ('A & B' → 'a___b.jpg'). Lowercasing
 * does not depend on the user's locale, so the same name gives the same file everywhere.
 */
export function downloadFileName(templateName: string): string {
  return `${templateName.toLowerCase().replace(/[^a-z0-9]/gu, '_')}.jpg`;
}
