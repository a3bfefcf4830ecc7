import { IconShieldLock } from '@tabler/icons-react';
import { clientAreas, clientRoutes, clientUrl, isBuilt } from '../../app/routes';
import { navIcons } from './navIcons';
import type { NavSection } from './navTypes';

/** The sidebar of a client workspace: the route table's nav entries grouped by product area, unbuilt ones marked. */
export function clientNavSections(clientId: string, staff: boolean): NavSection[] {
  const sections: NavSection[] = clientAreas.map((area) => ({
    label: area.label,
    items: clientRoutes
      .filter((route) => route.area === area.key && route.nav)
      .map((route) => ({
        to: clientUrl(clientId, route.path),
        label: route.navLabel ?? route.title,
        icon: navIcons[route.nav ?? 'overview'],
        comingSoon: !isBuilt(route),
      })),
  }));
  if (staff)
    sections.push({
      label: 'Staff',
      items: [{ to: '/portal/', label: 'Staff portal', icon: IconShieldLock }],
    });
  return sections.filter((section) => section.items.length > 0);
}
