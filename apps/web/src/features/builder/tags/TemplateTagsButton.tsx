import { Badge, Button, Group, Modal, Select, Stack, TagsInput, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTags } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useQuery } from 'urql';
import type { BuilderEditor, ChosenTag, EditorState } from '../engine/BuilderEditor';
import { shallowEqual, useEditorState } from '../engine/useEditorState';
import { TemplateTagChoicesQuery } from './api';
import { modelAutoTags, withIndustry, withStyleKeys } from './tags';
import { runCommand } from '../commands/registry';

const selectModelAndTags = ({ model, tags }: EditorState) => ({ model, tags });

/**
 * The template's tags: the automatic ones (computed as the server will on save, read-only) and the
 * style and industry tags the user chooses. A style tag that does not exist yet is created on save.
 */
export function TemplateTagsButton({ editor }: { editor: BuilderEditor }) {
  const { model, tags } = useEditorState(editor, selectModelAndTags, shallowEqual);
  const [{ data, error }] = useQuery({ query: TemplateTagChoicesQuery });
  const known = useMemo<ChosenTag[]>(
    () =>
      (data?.templateTagChoices ?? []).flatMap((tag) =>
        tag.group === 'STYLE' || tag.group === 'INDUSTRY'
          ? [{ id: tag.id, group: tag.group, key: tag.key }]
          : [],
      ),
    [data],
  );
  const automatic = useMemo(() => modelAutoTags(model), [model]);
  const style = tags.filter((tag) => tag.group === 'STYLE');
  const industry = tags.find((tag) => tag.group === 'INDUSTRY') ?? null;
  const industries = known.filter((tag) => tag.group === 'INDUSTRY');
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" leftSection={<IconTags size={16} />} onClick={open}>
        Tags{tags.length > 0 ? ` (${tags.length})` : ''}
      </Button>
      <Modal opened={opened} onClose={close} title="Template tags">
        <Stack gap="sm">
          <div>
            <Text size="xs" fw={600} mb={4}>
              Set automatically on save
            </Text>
            <Group gap={4} data-testid="auto-tags">
              {automatic.map((tag) => (
                <Badge key={tag.key} size="sm" variant="light" color="gray" tt="none">
                  {tag.label}
                </Badge>
              ))}
            </Group>
          </div>
          <TagsInput
            size="xs"
            label="Style"
            description="Pick a style or type a new one and press Enter."
            data={known.filter((tag) => tag.group === 'STYLE').map((tag) => tag.key)}
            value={style.map((tag) => tag.key)}
            onChange={(keys) => runCommand(editor, 'set-tags', { tags: withStyleKeys(tags, keys, known) })}
            clearable
          />
          <Select
            size="xs"
            label="Industry"
            placeholder="None"
            clearable
            data={industries.flatMap((tag) => (tag.id ? [{ value: tag.id, label: tag.key }] : []))}
            value={industry?.id ?? null}
            onChange={(value) =>
              runCommand(editor, 'set-tags', {
                tags: withIndustry(tags, industries.find((tag) => tag.id === value) ?? null),
              })
            }
          />
          {error && (
            <Text size="xs" c="red">
              The tag choices could not be loaded: {error.message}
            </Text>
          )}
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
