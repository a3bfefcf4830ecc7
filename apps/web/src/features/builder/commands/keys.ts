/**
 * Key combinations of the builder's shortcuts, written like 'mod+shift+z': `mod` is ctrl or cmd (either
 * works on every platform), then shift and alt, then the key (KeyboardEvent.key lowercased; '-' is
 * 'minus', '=' is 'equals', '+' is 'plus', ' ' is 'space'). Two spellings of one combination normalize to
 * one string.
 *
 * A key press is read by its character first, then by its physical key (`comboOfCode`): shift changes the
 * character (shift+1 types '!', shift+[ types '{'), and so do other layouts (a Cyrillic layout's ctrl+s
 * types 'ы'); the handler tries the second reading when the first runs nothing.
 */

/** The parts of a keyboard event a combination reads. */
export interface KeyInput {
  readonly key: string;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  readonly shiftKey?: boolean;
  readonly altKey?: boolean;
  /** KeyboardEvent.code: the physical key ('Digit1', 'KeyS', 'BracketLeft'). */
  readonly code?: string;
}

const KEY_NAMES: Readonly<Record<string, string>> = {
  '-': 'minus',
  '=': 'equals',
  '+': 'plus',
  ' ': 'space',
};

/** Physical keys by the name their unshifted character has on a US layout. */
const CODE_NAMES: Readonly<Record<string, string>> = {
  Equal: 'equals',
  Minus: 'minus',
  NumpadAdd: 'plus',
  NumpadSubtract: 'minus',
  BracketLeft: '[',
  BracketRight: ']',
  Slash: '/',
  Backslash: '\\',
};

function codeName(code: string | undefined): string | undefined {
  if (code === undefined) return undefined;
  const match = /^(?:Key([A-Z])|Digit(\d)|Numpad(\d))$/.exec(code);
  if (match) return (match[1] ?? match[2] ?? match[3])!.toLowerCase();
  return CODE_NAMES[code];
}

function keyName(key: string): string {
  return KEY_NAMES[key] ?? key.toLowerCase();
}

function canonical(mod: boolean, shift: boolean, alt: boolean, key: string): string {
  return [mod && 'mod', shift && 'shift', alt && 'alt', key].filter(Boolean).join('+');
}

/** The canonical form of a written combination ('Shift+Mod+Z' → 'mod+shift+z'). */
export function normalizeCombo(combo: string): string {
  const parts = combo.split('+').map((part) => part.trim().toLowerCase());
  const key = parts.pop() ?? '';
  if (key === '') throw new RangeError(`The key combination '${combo}' names no key`);
  for (const part of parts) {
    if (!['mod', 'shift', 'alt'].includes(part)) {
      throw new RangeError(`Unknown modifier '${part}' in '${combo}'; use mod, shift or alt`);
    }
  }
  return canonical(parts.includes('mod'), parts.includes('shift'), parts.includes('alt'), keyName(key));
}

/**
 * Whether shift is part of what a key press means: for letters and named keys (shift+z, shift+ArrowDown),
 * but not for a symbol or digit, which shift only helped to type ('+' is shift+= on a US keyboard, a plain
 * key on others; '?' is shift+/).
 */
function shiftCounts(key: string): boolean {
  return key.length > 1 || /^\p{L}$/u.test(key);
}

/** The canonical combination of a key press, read by its character. */
export function comboOf(event: KeyInput): string {
  return canonical(
    Boolean(event.ctrlKey || event.metaKey),
    Boolean(event.shiftKey) && shiftCounts(event.key),
    Boolean(event.altKey),
    keyName(event.key),
  );
}

/** The combination of a key press read by its physical key (see above); undefined for other keys. */
export function comboOfCode(event: KeyInput): string | undefined {
  const name = codeName(event.code);
  if (name === undefined) return undefined;
  return canonical(
    Boolean(event.ctrlKey || event.metaKey),
    Boolean(event.shiftKey),
    Boolean(event.altKey),
    name,
  );
}
