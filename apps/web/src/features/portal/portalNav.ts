import { IconBuildingPlus, IconBuildingSkyscraper, IconHistory, IconMail } from '@tabler/icons-react';
import type { NavSection } from '../layout';

export const portalNavSections: NavSection[] = [
  {
    label: 'Staff portal',
    items: [
      { to: '/portal/clients/', label: 'Clients', icon: IconBuildingSkyscraper },
      { to: '/portal/client-create/', label: 'New client', icon: IconBuildingPlus },
      { to: '/portal/outbox/', label: 'Outbox', icon: IconMail },
      { to: '/portal/audit-log/', label: 'Audit log', icon: IconHistory },
    ],
  },
];
