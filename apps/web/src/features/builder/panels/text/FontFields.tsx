import { Group, Select, Switch } from '@mantine/core';
import type { BuilderEditor } from '../../engine/BuilderEditor';
import type { TextLayer } from '../../model/index.js';
import {
  canItalic,
  findChoice,
  fontFamilyPatch,
  fontSelectData,
  fontStylePatch,
  weightOptions,
} from './fontOptions';
import { useFontChoices } from './useFontChoices';
import { runCommand } from '../../commands/registry';

/**
 * The text's font: the family (brand fonts under their own heading, then the catalogue; searchable), the
 * weight among those the family has, named as in spec section 9, and italic where the family has it.
 */
export function FontFields({ editor, layer }: { editor: BuilderEditor; layer: TextLayer }) {
  const choices = useFontChoices();
  const choice = findChoice(choices, layer.fontFamily);
  const italic = layer.fontStyle === 'italic';
  return (
    <>
      <Select
        size="xs"
        label="Font"
        searchable
        allowDeselect={false}
        nothingFoundMessage="No font of that name"
        maxDropdownHeight={320}
        data={fontSelectData(choices, layer.fontFamily)}
        value={choice?.family ?? layer.fontFamily}
        onChange={(family) => {
          const next = family === null ? undefined : findChoice(choices, family);
          if (next)
            runCommand(editor, 'update-layer', { uid: layer.uid, patch: fontFamilyPatch(next, layer) });
        }}
      />
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          size="xs"
          label="Weight"
          allowDeselect={false}
          style={{ flex: 1 }}
          data={weightOptions(choice, italic, layer.fontWeight)}
          value={String(layer.fontWeight)}
          onChange={(weight) => {
            if (weight !== null)
              runCommand(editor, 'update-layer', { uid: layer.uid, patch: { fontWeight: Number(weight) } });
          }}
        />
        <Switch
          size="xs"
          label="Italic"
          mb={6}
          checked={italic}
          disabled={!canItalic(choice) && !italic}
          onChange={(event) =>
            runCommand(editor, 'update-layer', {
              uid: layer.uid,
              patch: fontStylePatch(choice, layer, event.currentTarget.checked),
            })
          }
        />
      </Group>
    </>
  );
}
