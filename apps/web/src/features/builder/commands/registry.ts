/**
 * The builder's command registry (ARCHITECTURE.md, `commands/`; STYLE.md: one registered action per
 * command). Toolbar buttons, menus, panels, the keyboard handler and the tests all run commands through
 * it; panels never change the editor otherwise. Each command has a typed id and typed arguments
 * (BuilderCommandArgs); the spec's shortcut commands are in editCommands.ts, the design tools' habits in
 * designCommands.ts, the workspace's (fit, panels, shortcut sheet, save) in viewCommands.ts, the panels' in
 * panelCommands.ts.
 */
import type { BuilderEditor } from '../engine/BuilderEditor';
import type { BuilderCommandArgs } from './commandArgs';
import { DESIGN_COMMANDS } from './designCommands';
import { EDIT_COMMANDS } from './editCommands';
import { normalizeCombo } from './keys';
import { PANEL_COMMANDS } from './panelCommands';
import { PRODUCT_VIEW_COMMANDS } from './productViewCommands';
import { VIEW_COMMANDS } from './viewCommands';

export type { BuilderCommandArgs } from './commandArgs';

/** A command's id. */
export type BuilderCommandId = keyof BuilderCommandArgs;

/** The id of a command run without arguments (a toolbar button's, a shortcut's). */
export type PlainCommandId = {
  [Id in BuilderCommandId]: BuilderCommandArgs[Id] extends void ? Id : never;
}[BuilderCommandId];

/** The arguments a command is run with: none, or its BuilderCommandArgs. */
export type CommandArguments<Id extends BuilderCommandId> = BuilderCommandArgs[Id] extends void
  ? []
  : [BuilderCommandArgs[Id]];

export interface BuilderCommand<A = unknown> {
  readonly id: BuilderCommandId;
  readonly label: string;
  /** Key combinations (see keys.ts); empty for commands without a shortcut. */
  readonly keys: readonly string[];
  /**
   * Keep the browser's own meaning of the keys away even when the command is disabled (ctrl+plus would
   * zoom the whole page). Otherwise a disabled command leaves the key to the browser (ctrl+c copies the
   * page's selected text).
   */
  readonly ownsKeys?: boolean;
  /** `args`: none for the shortcut and toolbar commands (the keyboard and buttons run them without). */
  isEnabled(editor: BuilderEditor, args?: A): boolean;
  /** Runs it; false when it changed nothing (a value the model refused, an unknown layer). */
  run(editor: BuilderEditor, args?: A): boolean | void;
}

/** Every command by id, each with its own arguments' type. */
export type BuilderCommandTable = {
  readonly [Id in BuilderCommandId]: BuilderCommand<BuilderCommandArgs[Id]> & { readonly id: Id };
};

const COMMANDS: BuilderCommandTable = {
  ...EDIT_COMMANDS,
  ...DESIGN_COMMANDS,
  ...PANEL_COMMANDS,
  ...VIEW_COMMANDS,
  ...PRODUCT_VIEW_COMMANDS,
};

/** Every command, with the spec's shortcuts (section 2, template builder screen). */
export const BUILDER_COMMANDS: readonly BuilderCommand[] = Object.values(COMMANDS) as BuilderCommand[];

/** The command with this id; throws for an unknown id (a typo in a panel). */
export function getCommand(id: string, commands = BUILDER_COMMANDS): BuilderCommand {
  const command = commands.find((candidate) => candidate.id === id);
  if (!command) throw new RangeError(`There is no builder command '${id}'`);
  return command;
}

/**
 * Runs a command when it is enabled; returns whether it ran and changed what it was asked to (false when
 * disabled, or when the editor refused the change and shows why).
 */
export function runCommand<Id extends BuilderCommandId>(
  editor: BuilderEditor,
  id: Id,
  ...args: CommandArguments<Id>
): boolean {
  const command = COMMANDS[id] as BuilderCommand;
  const [arg] = args;
  if (!command.isEnabled(editor, arg)) return false;
  return command.run(editor, arg) !== false;
}

/** Each canonical key combination and the commands it runs (a combination with two is a bug). */
export function keyMap(commands = BUILDER_COMMANDS): Map<string, BuilderCommand[]> {
  const map = new Map<string, BuilderCommand[]>();
  for (const command of commands) {
    for (const combo of command.keys) {
      const key = normalizeCombo(combo);
      map.set(key, [...(map.get(key) ?? []), command]);
    }
  }
  return map;
}
