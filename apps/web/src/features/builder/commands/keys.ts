/**
 * Key combinations of the builder's shortcuts, written like 'mod+shift+z': `mod` is ctrl or cmd (either
 * works on every platform), then shift and alt, then the key (KeyboardEvent.key lowercased; '-' is
 * 'minus', '=' is 'equals', ' ' is 'space'). Two spellings of one combination normalize to one string.
 */

/** The parts of a keyboard event a combination reads. */
export interface KeyInput {
  readonly key: string;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  readonly shiftKey?: boolean;
  readonly altKey?: boolean;
}

const KEY_NAMES: Readonly<Record<string, string>> = { '-': 'minus', '=': 'equals', ' ': 'space' };

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

/** The canonical combination of a key press. */
export function comboOf(event: KeyInput): string {
  return canonical(
    Boolean(event.ctrlKey || event.metaKey),
    Boolean(event.shiftKey),
    Boolean(event.altKey),
    keyName(event.key),
  );
}
