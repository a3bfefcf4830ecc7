/**
 * The "?" sheet's rows: every command of the registry that has keys, with its label and its keys as the
 * platform writes them (⌘ and ⇧ on a Mac, Ctrl+Shift elsewhere). Made from the registry, so a new
 * command with keys appears by itself.
 */
import { normalizeCombo } from './keys';
import { BUILDER_COMMANDS, type BuilderCommand } from './registry';

export type KeyPlatform = 'mac' | 'other';

export interface ShortcutRow {
  readonly id: string;
  readonly label: string;
  /** Each combination as shown, e.g. 'Ctrl+Shift+Z' or '⌘⇧Z'. */
  readonly keys: readonly string[];
}

const KEY_LABELS: Readonly<Record<string, string>> = {
  minus: '-',
  equals: '=',
  plus: '+',
  space: 'Space',
  escape: 'Esc',
  delete: 'Delete',
  backspace: 'Backspace',
  arrowleft: '←',
  arrowright: '→',
  arrowup: '↑',
  arrowdown: '↓',
};

const MODIFIERS: Readonly<Record<KeyPlatform, Readonly<Record<string, string>>>> = {
  mac: { mod: '⌘', shift: '⇧', alt: '⌥' },
  other: { mod: 'Ctrl', shift: 'Shift', alt: 'Alt' },
};

/** A combination ('mod+shift+z') as the platform writes it. */
export function formatCombo(combo: string, platform: KeyPlatform): string {
  const parts = normalizeCombo(combo).split('+');
  // '+' itself never ends a normalized combination (it is 'plus'), so the last part is the key.
  const key = parts.pop()!;
  const keyLabel = KEY_LABELS[key] ?? (key.length === 1 ? key.toUpperCase() : key);
  const modifiers = parts.map((part) => MODIFIERS[platform][part] ?? part);
  return platform === 'mac' ? [...modifiers, keyLabel].join('') : [...modifiers, keyLabel].join('+');
}

/** The platform of this browser (a Mac, an iPhone or iPad writes ⌘; everything else Ctrl). */
export function currentKeyPlatform(): KeyPlatform {
  const platform = typeof navigator === 'undefined' ? '' : navigator.platform;
  return /Mac|iPhone|iPad/i.test(platform) ? 'mac' : 'other';
}

/** The sheet's rows in the registry's order. */
export function shortcutRows(
  platform: KeyPlatform,
  commands: readonly BuilderCommand[] = BUILDER_COMMANDS,
): ShortcutRow[] {
  return commands
    .filter((command) => command.keys.length > 0)
    .map((command) => ({
      id: command.id,
      label: command.label,
      keys: command.keys.map((combo) => formatCombo(combo, platform)),
    }));
}
