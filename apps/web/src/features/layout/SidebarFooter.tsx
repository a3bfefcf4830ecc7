import { ActionIcon, Anchor, Group, Stack, Tooltip } from '@mantine/core';
import { IconHelp, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useAppStore } from '../../app/store/appStore';
import { HelpContact } from '../../components/HelpContact';
import { useBranding } from '../session';

/** Help contact and the collapse toggle at the bottom of the sidebar. */
export function SidebarFooter() {
  const { sidebarExpanded, toggleSidebar } = useAppStore();
  const { customerSuccessEmail } = useBranding();
  const toggleLabel = sidebarExpanded ? 'Collapse sidebar' : 'Expand sidebar';
  const ToggleIcon = sidebarExpanded ? IconLayoutSidebarLeftCollapse : IconLayoutSidebarLeftExpand;

  return (
    <Stack gap="xs" align={sidebarExpanded ? 'stretch' : 'center'}>
      {sidebarExpanded ? (
        <HelpContact size="xs" />
      ) : (
        <Tooltip label={`Help: ${customerSuccessEmail}`} position="right" withArrow>
          <Anchor
            href={`mailto:${customerSuccessEmail}`}
            aria-label={`Email customer success at ${customerSuccessEmail}`}
          >
            <IconHelp size={20} stroke={1.6} />
          </Anchor>
        </Tooltip>
      )}
      <Group justify={sidebarExpanded ? 'flex-end' : 'center'}>
        <Tooltip label={toggleLabel} position="right" withArrow>
          <ActionIcon variant="subtle" color="gray" onClick={toggleSidebar} aria-label={toggleLabel}>
            <ToggleIcon size={20} stroke={1.6} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  );
}
