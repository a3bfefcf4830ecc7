import { Box, Divider, Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { activeNavPath, type NavSection } from './navTypes';
import { SidebarLink } from './SidebarLink';

/** The grouped links of the sidebar; collapsed shows icons with tooltips. */
export function SidebarNav({
  sections,
  collapsed,
  onNavigate,
}: {
  sections: readonly NavSection[];
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const active = activeNavPath(sections, pathname);
  return (
    <Box>
      {sections.map((section, index) => (
        <Box key={section.label} mb="sm">
          {collapsed ? (
            index > 0 && <Divider my={6} />
          ) : (
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
              {section.label}
            </Text>
          )}
          {section.items.map((item) => (
            <SidebarLink
              key={item.to}
              item={item}
              active={item.to === active}
              collapsed={collapsed}
              onNavigate={onNavigate}
            />
          ))}
        </Box>
      ))}
    </Box>
  );
}
