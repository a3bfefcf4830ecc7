/**
 * The builder's keyboard handler: a key press runs the command bound to its combination, unless the user
 * is typing (an input, textarea, select or contenteditable has focus) or a text is being edited on the
 * canvas (spec section 2: shortcuts apply only when not typing in an input).
 */
import type { BuilderEditor } from '../engine/BuilderEditor';
import { comboOf, comboOfCode, type KeyInput } from './keys';
import { BUILDER_COMMANDS, keyMap, type BuilderCommand } from './registry';

/** A key press as the handler reads it; `target` is where it happened (document.activeElement works too). */
export interface ShortcutEvent extends KeyInput {
  readonly target?: unknown;
  /** Set when a widget already handled the key (the layers list's keyboard drag moves on arrows). */
  readonly defaultPrevented?: boolean;
  preventDefault?(): void;
}

interface ElementLike {
  readonly tagName?: string;
  readonly isContentEditable?: boolean;
  /** An input's type. */
  readonly type?: string;
}

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
/**
 * Inputs that take no typing and none of the shortcuts' keys (a switch, a checkbox, a button): after one
 * is clicked, the shortcuts still work. Radios and sliders keep their arrow keys.
 */
const KEYLESS_INPUT_TYPES = new Set(['checkbox', 'button', 'submit', 'reset', 'file', 'image']);

/** Whether key presses at `target` are typing, which shortcuts must leave alone. */
export function isTypingTarget(target: unknown): boolean {
  if (typeof target !== 'object' || target === null) return false;
  const element = target as ElementLike;
  const tag = (element.tagName ?? '').toUpperCase();
  if (tag === 'INPUT' && KEYLESS_INPUT_TYPES.has((element.type ?? '').toLowerCase())) return false;
  return Boolean(element.isContentEditable) || TYPING_TAGS.has(tag);
}

/** Makes a handler for keydown events; it returns the command it ran, or undefined. */
export function createShortcutHandler(
  editor: BuilderEditor,
  commands: readonly BuilderCommand[] = BUILDER_COMMANDS,
): (event: ShortcutEvent) => BuilderCommand | undefined {
  const map = keyMap(commands);
  return (event) => {
    if (event.defaultPrevented || isTypingTarget(event.target) || editor.editingText) return undefined;
    const byCode = comboOfCode(event);
    const command = (map.get(comboOf(event)) ?? (byCode === undefined ? undefined : map.get(byCode)))?.[0];
    if (!command) return undefined;
    if (!command.isEnabled(editor)) {
      if (command.ownsKeys) event.preventDefault?.();
      return undefined;
    }
    event.preventDefault?.();
    command.run(editor);
    return command;
  };
}
