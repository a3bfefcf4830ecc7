import { Button, Group, Menu, ActionIcon } from '@mantine/core';
import { IconDots, IconSettings, IconTrash } from '@tabler/icons-react';
import { ScreenHeader } from '../../components/ScreenHeader';
import type { CatalogDetail } from './catalog';
import { formatCount, scheduleLabel, sourceLabel } from './catalogFormat';
import { ReimportButton } from './ReimportButton';

/** The catalogue's name and facts, with import, settings and delete. */
export function CatalogHeader({
  catalog,
  busy,
  onImportNow,
  onFile,
  onSettings,
  onDelete,
}: {
  catalog: CatalogDetail;
  busy: boolean;
  onImportNow: () => void;
  onFile: (file: File | null) => void;
  onSettings: () => void;
  onDelete: () => void;
}) {
  const facts = [
    formatCount(catalog.itemCount, 'item'),
    sourceLabel(catalog.sourceUrl),
    ...(catalog.sourceUrl ? [scheduleLabel(catalog.schedule)] : []),
  ];
  return (
    <ScreenHeader
      title={catalog.name}
      description={facts.join(' · ')}
      actions={
        <Group gap="xs" wrap="nowrap">
          <ReimportButton
            hasUrl={Boolean(catalog.sourceUrl)}
            busy={busy}
            onImportNow={onImportNow}
            onFile={onFile}
          />
          <Button variant="default" leftSection={<IconSettings size={16} />} onClick={onSettings}>
            Settings
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label="More actions">
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
                Delete catalogue
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      }
    />
  );
}
