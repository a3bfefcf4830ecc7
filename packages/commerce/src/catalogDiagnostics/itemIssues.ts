/** All of an item's issues that its data shows. */
import { identifierIssues } from './identifiers.js';
import type { ItemIssueCode } from './issues.js';
import type { DiagnosableItem } from './item.js';
import { linkIssues } from './links.js';
import { priceIssues } from './price.js';
import { stockIssues } from './stock.js';
import { textIssues } from './text.js';

/** The item's issues (codes), image size aside (it needs the picture: see imageSizeIssues). */
export function itemIssues(item: DiagnosableItem): ItemIssueCode[] {
  return [
    ...textIssues(item),
    ...linkIssues(item),
    ...priceIssues(item),
    ...stockIssues(item),
    ...identifierIssues(item),
  ];
}
