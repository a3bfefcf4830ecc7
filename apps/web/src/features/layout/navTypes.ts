import type { Icon } from '@tabler/icons-react';

export interface NavItem {
  to: string;
  label: string;
  icon: Icon;
  /** The area is not built yet: the sidebar marks it "Coming soon". */
  comingSoon?: boolean;
}

export interface NavSection {
  label: string;
  items: NavItem[];
}

/** The item whose path is the longest prefix of the current path (so /products/templates/ wins over /products/). */
export function activeNavPath(sections: readonly NavSection[], pathname: string): string | undefined {
  let best: string | undefined;
  for (const item of sections.flatMap((section) => section.items)) {
    if (pathname.startsWith(item.to) && item.to.length > (best?.length ?? 0)) best = item.to;
  }
  return best;
}
