import { Button, CopyButton, Group, TextInput } from '@mantine/core';

/** A link shown read-only (selected on focus) with a button that copies it, for someone to pass on. */
export function CopyLinkField({ label, url }: { label: string; url: string }) {
  return (
    <Group align="flex-end" wrap="nowrap">
      <TextInput label={label} value={url} readOnly flex={1} onFocus={(e) => e.currentTarget.select()} />
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Button onClick={copy} color={copied ? 'teal' : 'blue'} variant="light">
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
