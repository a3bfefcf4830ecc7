/**
 * HTML as the plain text a catalogue keeps: Atom's `type="html"` text, Shopify's `Body (HTML)`, and the
 * named character references hand-made XML feeds use without declaring them. Pure, and linear in the
 * length of its input whatever the markup (no backtracking patterns over unclosed comments or scripts).
 */
import { decodeHTML, decodeHTMLStrict } from 'entities';

/** Elements whose start or end is a line break in the text (paragraphs, list items, headings, rows). */
const BLOCK = new Set([
  'p',
  'div',
  'br',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'table',
  'section',
  'article',
  'header',
  'footer',
  'blockquote',
  'pre',
  'dd',
  'dt',
  'dl',
  'hr',
]);
/** True for an element whose start or end is a line break in the text (`p`, `br`, `li`…). */
export const isBlockElement = (name: string): boolean => BLOCK.has(name.toLowerCase());

/** Elements whose start or end separates words (table cells). */
const SPACED = new Set(['td', 'th']);
/** Elements whose content is not text. */
const HIDDEN = new Set(['script', 'style', 'template', 'noscript']);

/**
 * The text of an HTML fragment: comments, scripts and styles dropped, block elements and `<br>` as line
 * breaks (source line breaks are spaces, as in a browser), cells apart, other tags removed, character
 * references decoded, spaces collapsed and lines trimmed. A `<` that starts no tag is text.
 * `<p>Soft &amp; <b>light</b></p><p>Linen</p>` gives `Soft & light\nLinen`.
 */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return collapseText(html.replace(/\s+/g, ' '));
  let out = '';
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out += html.slice(i).replace(/\s+/g, ' ');
      break;
    }
    out += html.slice(i, lt).replace(/\s+/g, ' ');
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    const tag = /^<\/?([A-Za-z][A-Za-z0-9-]*)\b[^<>]*>/.exec(html.slice(lt, lt + 1024));
    if (!tag) {
      // `<!DOCTYPE …>`, `<?…?>` are dropped; a bare `<` (`a < b`) is text.
      const declaration = /^<[!?][^<>]*>/.exec(html.slice(lt, lt + 1024));
      if (declaration) i = lt + declaration[0].length;
      else {
        out += '<';
        i = lt + 1;
      }
      continue;
    }
    const name = tag[1]!.toLowerCase();
    i = lt + tag[0].length;
    if (HIDDEN.has(name) && !tag[0].startsWith('</')) {
      const close = html.toLowerCase().indexOf(`</${name}`, i);
      i = close < 0 ? html.length : html.indexOf('>', close) + 1 || html.length;
      continue;
    }
    if (BLOCK.has(name)) out += '\n';
    else if (SPACED.has(name)) out += ' ';
  }
  return collapseText(decodeHTML(out));
}

/** Text with runs of white space as one space, lines trimmed and blank lines dropped. */
export function collapseText(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

const entityCache = new Map<string, string | undefined>();

/**
 * The character(s) an HTML named character reference stands for (`eacute` → `é`), or undefined when
 * HTML has no such name. XML knows only five names; feeds written by hand or by HTML tools use the rest.
 */
export function htmlEntity(name: string): string | undefined {
  if (entityCache.has(name)) return entityCache.get(name);
  const reference = `&${name};`;
  const decoded = /^[A-Za-z][A-Za-z0-9]{1,31}$/.test(name) ? decodeHTMLStrict(reference) : reference;
  const value = decoded === reference ? undefined : decoded;
  if (entityCache.size < 4096) entityCache.set(name, value);
  return value;
}
