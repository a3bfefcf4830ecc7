import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconDownload, IconPalette, IconPencil, IconTrash } from '@tabler/icons-react';

/** The actions of one brand kit item: those its kind allows, and delete. */
export function ItemMenu({
  name,
  downloadUrl,
  onRename,
  onChangeColour,
  onDelete,
}: {
  name: string;
  downloadUrl?: string;
  onRename?: () => void;
  onChangeColour?: () => void;
  onDelete: () => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {onRename && (
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={onRename}>
            Rename
          </Menu.Item>
        )}
        {onChangeColour && (
          <Menu.Item leftSection={<IconPalette size={16} />} onClick={onChangeColour}>
            Change colour
          </Menu.Item>
        )}
        {downloadUrl && (
          <Menu.Item
            component="a"
            href={downloadUrl}
            download
            target="_blank"
            rel="noreferrer"
            leftSection={<IconDownload size={16} />}
          >
            Download
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
