import { Button, type ButtonProps } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { NewFeedModal } from './NewFeedModal';

/** 'New feed', opening the new feed dialog; give a catalogue and product set to fix them. */
export function NewFeedButton({
  catalogId,
  productSetId,
  ...buttonProps
}: { catalogId?: string; productSetId?: string } & ButtonProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button leftSection={<IconPlus size={16} />} onClick={() => setOpened(true)} {...buttonProps}>
        New feed
      </Button>
      <NewFeedModal
        opened={opened}
        onClose={() => setOpened(false)}
        catalogId={catalogId}
        productSetId={productSetId}
      />
    </>
  );
}
