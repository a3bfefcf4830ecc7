import { Drawer } from '@mantine/core';
import type { TemplateRef } from './template';
import { VersionList } from './VersionList';

/** The versions of one template, newest first, in a drawer; closed while `template` is null. */
export function VersionHistoryDrawer({
  template,
  onClose,
}: {
  template: Pick<TemplateRef, 'id' | 'name'> | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={template !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={template ? `Version history: ${template.name}` : 'Version history'}
    >
      {template && <VersionList templateId={template.id} />}
    </Drawer>
  );
}
