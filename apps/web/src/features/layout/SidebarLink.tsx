import { Badge, NavLink, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import type { NavItem } from './navTypes';

export const COMING_SOON = 'Coming soon';

export function SidebarLink({
  item,
  active,
  collapsed,
  onNavigate,
}: {
  item: NavItem;
  active: boolean;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const Icon = item.icon;
  // Collapsed, the badge has no room: the name and tooltip say it instead.
  const name = item.comingSoon ? `${item.label} (${COMING_SOON.toLowerCase()})` : item.label;
  const link = (
    <NavLink
      component={Link}
      to={item.to}
      label={collapsed ? undefined : item.label}
      aria-label={collapsed ? name : undefined}
      aria-current={active ? 'page' : undefined}
      leftSection={<Icon size={20} stroke={1.6} />}
      // Under the name, not beside it: beside it the badge cut one-word names ('Performa…').
      description={
        item.comingSoon && !collapsed ? (
          <Badge size="xs" variant="light" color="gray" radius="sm">
            {COMING_SOON}
          </Badge>
        ) : undefined
      }
      c={item.comingSoon ? 'dimmed' : undefined}
      active={active}
      onClick={onNavigate}
      py={collapsed ? 10 : 6}
    />
  );
  if (!collapsed) return link;
  return (
    <Tooltip label={name} position="right" withArrow>
      {link}
    </Tooltip>
  );
}
