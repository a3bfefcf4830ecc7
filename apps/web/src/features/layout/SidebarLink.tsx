import { NavLink, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import type { NavItem } from './navTypes';

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
  const link = (
    <NavLink
      component={Link}
      to={item.to}
      label={collapsed ? undefined : item.label}
      aria-label={collapsed ? item.label : undefined}
      aria-current={active ? 'page' : undefined}
      leftSection={<Icon size={20} stroke={1.6} />}
      active={active}
      onClick={onNavigate}
      py={collapsed ? 10 : 6}
    />
  );
  if (!collapsed) return link;
  return (
    <Tooltip label={item.label} position="right" withArrow>
      {link}
    </Tooltip>
  );
}
