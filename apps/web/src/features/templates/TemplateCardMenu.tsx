import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconCopy,
  IconDots,
  IconExternalLink,
  IconHistory,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TemplateRef } from './template';

export interface TemplateMenuActions {
  duplicate: (template: TemplateRef) => void;
  showHistory: (template: TemplateRef) => void;
  setArchived: (template: TemplateRef, archived: boolean) => void;
  remove: (template: TemplateRef) => void;
}

/** The actions of one template card. */
export function TemplateCardMenu({
  template,
  openUrl,
  actions,
  busy,
}: {
  template: TemplateRef;
  openUrl: string;
  actions: TemplateMenuActions;
  busy: boolean;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${template.name}`} loading={busy}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={openUrl} leftSection={<IconExternalLink size={16} />}>
          Open
        </Menu.Item>
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => actions.duplicate(template)}>
          Duplicate
        </Menu.Item>
        <Menu.Item leftSection={<IconHistory size={16} />} onClick={() => actions.showHistory(template)}>
          Version history
        </Menu.Item>
        <Menu.Item
          leftSection={template.archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
          onClick={() => actions.setArchived(template, !template.archived)}
        >
          {template.archived ? 'Unarchive' : 'Archive'}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => actions.remove(template)}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
