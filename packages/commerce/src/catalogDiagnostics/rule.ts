/** What every diagnostic rule is: the networks it concerns, how hard they take it, and its words. */
import type { ItemIssueCode } from './issues.js';

/** An ad network whose catalogue rules the diagnostics apply. */
export type AdNetwork = 'meta' | 'google';
export const AD_NETWORKS: readonly AdNetwork[] = ['meta', 'google'];

export interface ItemIssueRule {
  code: ItemIssueCode;
  /** The networks that refuse (error) or flag (warning) an item with it. */
  networks: readonly AdNetwork[];
  /** error: the network will not show the item; warning: shown with less reach, or changed (truncated). */
  severity: 'error' | 'warning';
  /** Short reason as a list shows it: 'Missing brand', 'Title over 150 characters'. */
  label: string;
  /** One sentence on what to fix, for a tooltip. */
  fix: string;
}

/** A rule as a family file writes it: its code is its key. */
export type IssueDefinition = Omit<ItemIssueRule, 'code'>;

/** A family's rules keyed by code, each carrying its code. */
export function defineIssues<Code extends ItemIssueCode>(
  definitions: Readonly<Record<Code, IssueDefinition>>,
): Readonly<Record<Code, ItemIssueRule>> {
  const entries = Object.entries<IssueDefinition>(definitions).map(([code, definition]) => [
    code,
    { code: code as Code, ...definition },
  ]);
  return Object.freeze(Object.fromEntries(entries) as Record<Code, ItemIssueRule>);
}

/** Blank when absent or only whitespace: a network reads such a value as missing. */
export const isBlank = (value: string | null): boolean => value === null || value.trim() === '';
