import { Group, Stack, Textarea } from '@mantine/core';
import type { FilterCall } from '@adloom/template';
import { useRef, useState } from 'react';
import type { BuilderEditor } from '../../engine/BuilderEditor';
import type { TextLayer } from '../../model/index.js';
import { FilterArgumentForm, FilterMenu } from './FilterMenu';
import { PlaceholderPicker } from './PlaceholderPicker';
import {
  addFilter,
  insertPlaceholder,
  placeholderSpans,
  targetPlaceholder,
  templateStringProblem,
  type FilterChoice,
  type TextEdit,
} from './templateText';
import { useEditStep } from '../useEditStep';
import { runCommand } from '../../commands/registry';

type ArgumentChoice = FilterChoice & { argument: NonNullable<FilterChoice['argument']> };

/**
 * The text's template string (the `title` the renderer fills, spec section 3) with 'Insert placeholder'
 * and 'Add filter'. Typing is one undo step per visit to the field; an insertion or a filter is one step.
 * A filter the renderer could not run is shown with the renderer's message.
 */
export function TemplateStringField({ editor, layer }: { editor: BuilderEditor; layer: TextLayer }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const step = useEditStep(editor);
  /** Where the cursor was when the filter menu opened: the filter goes to the placeholder there. */
  const [filterCursor, setFilterCursor] = useState<number | null>(null);
  const [asking, setAsking] = useState<{ choice: ArgumentChoice; cursor: number } | null>(null);
  const text = layer.text;

  // The field keeps its selection when a menu takes the focus.
  const selection = () => ({
    start: field.current?.selectionStart ?? text.length,
    end: field.current?.selectionEnd ?? text.length,
  });

  const apply = (edit: TextEdit | undefined) => {
    if (!edit || !runCommand(editor, 'update-layer', { uid: layer.uid, patch: { text: edit.text } })) return;
    // Back to the field, the cursor after what was added, once React has shown the new text.
    requestAnimationFrame(() => {
      const element = field.current;
      if (!element) return;
      element.focus();
      element.setSelectionRange(edit.cursor, edit.cursor);
    });
  };

  const addFilterCall = (cursor: number, call: FilterCall) => apply(addFilter(text, cursor, call));
  const target = filterCursor === null ? undefined : targetPlaceholder(text, filterCursor);
  const askingTarget = asking && targetPlaceholder(text, asking.cursor);

  return (
    <Stack gap={6}>
      <Textarea
        ref={field}
        size="xs"
        label="Text"
        description="{placeholders} are filled from each catalogue item"
        autosize
        minRows={2}
        maxRows={8}
        value={text}
        error={templateStringProblem(text)}
        onFocus={step.start}
        onBlur={step.end}
        onChange={(event) =>
          runCommand(editor, 'update-layer', { uid: layer.uid, patch: { text: event.currentTarget.value } })
        }
      />
      <Group gap="xs">
        <PlaceholderPicker onPick={(key) => apply(insertPlaceholder(text, selection(), key))} />
        <FilterMenu
          target={target?.key}
          disabled={placeholderSpans(text).length === 0}
          onOpen={() => setFilterCursor(selection().start)}
          onChoose={(choice) => {
            const cursor = filterCursor ?? selection().start;
            if (choice.argument) setAsking({ choice: choice as ArgumentChoice, cursor });
            else addFilterCall(cursor, { name: choice.name, arg: null });
          }}
        />
      </Group>
      {asking && askingTarget && (
        <FilterArgumentForm
          key={asking.choice.name}
          choice={asking.choice}
          target={askingTarget.key}
          onCancel={() => setAsking(null)}
          onAdd={(call) => {
            setAsking(null);
            addFilterCall(asking.cursor, call);
          }}
        />
      )}
    </Stack>
  );
}
