import { Center, Group, Input, NumberInput, SegmentedControl, Stack, VisuallyHidden } from '@mantine/core';
import { IconAlignCenter, IconAlignJustified, IconAlignLeft, IconAlignRight } from '@tabler/icons-react';
import type { BuilderEditor } from '../../engine/BuilderEditor';
import type { LayerPatch, TextAlign, TextLayer } from '../../model/index.js';
import { PaintField } from '../style/StyleProperties';
import { FontFields } from './FontFields';
import { TemplateStringField } from './TemplateStringField';
import { TextBoxFields } from './TextBoxFields';
import { TextFitFields } from './TextFitFields';
import { TextOverflowWarning } from './TextOverflowWarning';
import { useEditStep } from '../useEditStep';
import { runCommand } from '../../commands/registry';

const ALIGNMENTS: readonly { value: TextAlign; label: string; Icon: typeof IconAlignLeft }[] = [
  { value: 'left', label: 'Align left', Icon: IconAlignLeft },
  { value: 'center', label: 'Align center', Icon: IconAlignCenter },
  { value: 'right', label: 'Align right', Icon: IconAlignRight },
  { value: 'justify', label: 'Justify', Icon: IconAlignJustified },
];

/** A number of the text (size, line height); typing in it is one undo step, and only values above 0 apply. */
function TextNumberField({
  editor,
  label,
  value,
  step,
  onChange,
}: {
  editor: BuilderEditor;
  label: string;
  value: number;
  step: number;
  onChange: (value: number) => void;
}) {
  const edit = useEditStep(editor);
  return (
    <NumberInput
      size="xs"
      label={label}
      value={value}
      min={0}
      step={step}
      decimalScale={2}
      onFocus={edit.start}
      onBlur={edit.end}
      onChange={(next) => {
        if (typeof next === 'number' && Number.isFinite(next) && next > 0 && next !== value) onChange(next);
      }}
    />
  );
}

/**
 * The properties of a text layer: its template string, font, weight, size, box (width, optional height),
 * what leaves the canvas or the box, alignment, colour and auto-fit.
 */
export function TextProperties({ editor, layer }: { editor: BuilderEditor; layer: TextLayer }) {
  const update = (patch: LayerPatch) => runCommand(editor, 'update-layer', { uid: layer.uid, patch });
  return (
    <Stack gap="xs" role="group" aria-label="Text properties">
      <TemplateStringField editor={editor} layer={layer} />
      <FontFields editor={editor} layer={layer} />
      <Group gap="xs" grow>
        <TextNumberField
          editor={editor}
          label="Size"
          value={layer.fontSize}
          step={1}
          onChange={(fontSize) => update({ fontSize })}
        />
        <TextNumberField
          editor={editor}
          label="Line height"
          value={layer.lineHeight}
          step={0.05}
          onChange={(lineHeight) => update({ lineHeight })}
        />
      </Group>
      <TextBoxFields editor={editor} layer={layer} />
      <TextOverflowWarning editor={editor} layer={layer} />
      <Input.Wrapper size="xs" label="Alignment" labelElement="div">
        <SegmentedControl
          size="xs"
          fullWidth
          aria-label="Alignment"
          value={layer.textAlign}
          onChange={(value) => update({ textAlign: value as TextAlign })}
          data={ALIGNMENTS.map(({ value, label, Icon }) => ({
            value,
            label: (
              <Center>
                <Icon size={16} aria-hidden />
                <VisuallyHidden>{label}</VisuallyHidden>
              </Center>
            ),
          }))}
        />
      </Input.Wrapper>
      <PaintField
        editor={editor}
        label="Text colour"
        value={layer.fill}
        onChange={(fill) => update({ fill })}
      />
      <TextFitFields editor={editor} layer={layer} />
    </Stack>
  );
}
