import { ActionIcon } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';

/** The chevron that opens and closes a table row's details (an import's report, its problems). */
export function ExpandRowButton({
  open,
  showLabel,
  hideLabel,
  onToggle,
}: {
  open: boolean;
  showLabel: string;
  hideLabel: string;
  onToggle: () => void;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-expanded={open}
      aria-label={open ? hideLabel : showLabel}
      onClick={onToggle}
    >
      {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
    </ActionIcon>
  );
}
