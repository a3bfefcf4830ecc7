import { ActionIcon, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconEye,
  IconEyeOff,
  IconLock,
  IconLockOpen,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { BuilderEditor } from '../engine/BuilderEditor';
import { useEditorState } from '../engine/useEditorState';
import type { ModelLayer } from '../model/index.js';
import { wholeState } from './wholeState';

function NameInput({ editor, layer }: { editor: BuilderEditor; layer: ModelLayer }) {
  const [name, setName] = useState(layer.data.name);
  const commit = () => {
    if (name !== layer.data.name) editor.renameLayer(layer.uid, name);
  };
  return (
    <TextInput
      size="xs"
      aria-label={`Name of ${layer.data.name}`}
      value={name}
      onChange={(event) => setName(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}

function LayerRow({
  editor,
  layer,
  selected,
  index,
  count,
}: {
  editor: BuilderEditor;
  layer: ModelLayer;
  selected: boolean;
  index: number;
  count: number;
}) {
  const name = layer.data.name;
  return (
    <Paper
      withBorder
      p={6}
      radius="sm"
      bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
      data-testid="layer-row"
      data-layer-id={layer.id}
      aria-selected={selected}
    >
      <Stack gap={4}>
        <Group gap={4} wrap="nowrap" justify="space-between">
          <Text
            size="sm"
            fw={selected ? 600 : 400}
            style={{ cursor: layer.locked ? 'default' : 'pointer', flex: 1 }}
            onClick={() => editor.select([layer.uid])}
            role="button"
            aria-label={`Select ${name}`}
            truncate
          >
            {name}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {layer.id}
          </Text>
        </Group>
        {selected && <NameInput key={`${layer.uid}:${name}`} editor={editor} layer={layer} />}
        {selected && layer.kind === 'group' && <GroupMembers layers={layer.children} />}
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            size="sm"
            variant="subtle"
            aria-label={layer.hidden ? `Show ${name}` : `Hide ${name}`}
            onClick={() => editor.setHidden([layer.uid], !layer.hidden)}
          >
            {layer.hidden ? <IconEyeOff size={14} /> : <IconEye size={14} />}
          </ActionIcon>
          <ActionIcon
            size="sm"
            variant="subtle"
            aria-label={layer.locked ? `Unlock ${name}` : `Lock ${name}`}
            onClick={() => editor.setLocked([layer.uid], !layer.locked)}
          >
            {layer.locked ? <IconLock size={14} /> : <IconLockOpen size={14} />}
          </ActionIcon>
          <ActionIcon
            size="sm"
            variant="subtle"
            aria-label={`Move ${name} up`}
            disabled={index === count - 1}
            onClick={() => editor.moveLayer(layer.uid, 'up')}
          >
            <IconArrowUp size={14} />
          </ActionIcon>
          <ActionIcon
            size="sm"
            variant="subtle"
            aria-label={`Move ${name} down`}
            disabled={index === 0}
            onClick={() => editor.moveLayer(layer.uid, 'down')}
          >
            <IconArrowDown size={14} />
          </ActionIcon>
          <ActionIcon
            size="sm"
            variant="subtle"
            color="red"
            aria-label={`Delete ${name}`}
            onClick={() => editor.removeLayers([layer.uid])}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A selected group shows its members (spec section 4), top first, nested groups indented. */
function GroupMembers({ layers }: { layers: readonly ModelLayer[] }) {
  return (
    <Stack gap={2} pl="sm" aria-label="Group members">
      {[...layers].reverse().map((member) => (
        <Stack key={member.uid} gap={2}>
          <Group
            gap={4}
            wrap="nowrap"
            justify="space-between"
            data-testid="group-member"
            data-layer-id={member.id}
          >
            <Text size="xs" truncate>
              {member.data.name}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {member.id}
            </Text>
          </Group>
          {member.kind === 'group' && <GroupMembers layers={member.children} />}
        </Stack>
      ))}
    </Stack>
  );
}

/** LAYERS: the layers top first; select, rename, hide, lock, move up or down, delete. */
export function LayersPanel({ editor }: { editor: BuilderEditor }) {
  const { model, selection } = useEditorState(editor, wholeState);
  const layers = model.layers;
  if (layers.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No layers yet. Add one from SHAPES, IMAGES, TEXT or WIDGETS.
      </Text>
    );
  return (
    <Stack gap={6} aria-label="Layers">
      {layers
        .map((layer, index) => ({ layer, index }))
        .reverse()
        .map(({ layer, index }) => (
          <LayerRow
            key={layer.uid}
            editor={editor}
            layer={layer}
            index={index}
            count={layers.length}
            selected={selection.includes(layer.uid)}
          />
        ))}
    </Stack>
  );
}
