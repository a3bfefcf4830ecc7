import { Alert, Group, JsonInput, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useEffectEvent, useState } from 'react';
import { FilterPreview } from './FilterPreview';
import {
  appendNode,
  type GroupNode,
  kindLookup,
  newGroup,
  parseFilterText,
  removeNode,
  type RuleField,
  toFilterJson,
  updateNode,
  validateTree,
} from './productSetRules';
import { RuleGroupEditor, type RuleTreeActions } from './RuleGroupEditor';
import { useFilterPreview } from './useFilterPreview';

type EditorState =
  | { mode: 'visual'; root: GroupNode }
  | { mode: 'json'; root: GroupNode; text: string; problem: string | null };

const pretty = (json: unknown) => JSON.stringify(json, null, 2);

/** The editor's first state: the stored filter as rules, or as JSON when the rules cannot show it. */
function initialState(filterJson: string | null): EditorState {
  if (!filterJson?.trim()) return { mode: 'visual', root: newGroup() };
  const parsed = parseFilterText(filterJson);
  if ('root' in parsed) return { mode: 'visual', root: parsed.root };
  let text = filterJson;
  try {
    text = pretty(JSON.parse(filterJson));
  } catch {
    // Shown as it is, with the parse problem under it.
  }
  return { mode: 'json', root: newGroup(), text, problem: parsed.error };
}

/**
 * The product-set rule editor (rules, or Meta's JSON behind a switch) with the live count of the items
 * of `catalogId` it matches. Used by product sets and by a feed design's item filter. `onChange` gets the
 * filter JSON whenever it changes, or null while a rule is incomplete (the rule is marked in red).
 */
export function FilterRulesEditor({
  catalogId,
  fields,
  initialFilterJson,
  onChange,
  label = 'Rules',
}: {
  catalogId: string;
  fields: readonly RuleField[];
  /** The stored filter (Meta's JSON); null or empty: every item. */
  initialFilterJson: string | null;
  onChange: (filterJson: string | null) => void;
  label?: string;
}) {
  const kindOf = kindLookup(fields);
  const [editor, setEditor] = useState<EditorState>(() => initialState(initialFilterJson));

  const problems = editor.mode === 'visual' ? validateTree(editor.root, kindOf) : [];
  const problemById = new Map(problems.map((p) => [p.nodeId, p.message]));
  const filterJson =
    editor.mode === 'json'
      ? editor.text.trim() || '{}'
      : problems.length > 0
        ? null
        : JSON.stringify(toFilterJson(editor.root, kindOf));
  const { preview, error, counting } = useFilterPreview(catalogId, filterJson);
  // Told when the filter changes (not when the caller re-renders with a new function).
  const tell = useEffectEvent((json: string | null) => onChange(json));
  useEffect(() => tell(filterJson), [filterJson]);

  const setRoot = (change: (root: GroupNode) => GroupNode) =>
    setEditor((state) => (state.mode === 'visual' ? { mode: 'visual', root: change(state.root) } : state));
  const actions: RuleTreeActions = {
    replace: (id, node) => setRoot((root) => updateNode(root, id, () => node)),
    remove: (id) => setRoot((root) => removeNode(root, id)),
    append: (groupId, node) => setRoot((root) => appendNode(root, groupId, node)),
  };

  const toggleJson = (json: boolean) => {
    if (json && editor.mode === 'visual') {
      setEditor({
        mode: 'json',
        root: editor.root,
        text: pretty(toFilterJson(editor.root, kindOf)),
        problem: null,
      });
    } else if (!json && editor.mode === 'json') {
      const parsed = parseFilterText(editor.text);
      if ('root' in parsed) setEditor({ mode: 'visual', root: parsed.root });
      else setEditor({ ...editor, problem: `The rule editor cannot show this filter. ${parsed.error}` });
    }
  };

  const serverProblem = preview?.error?.message;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text fw={500} size="sm">
          {label}
        </Text>
        <Switch
          label="Edit as JSON"
          checked={editor.mode === 'json'}
          onChange={(event) => toggleJson(event.currentTarget.checked)}
        />
      </Group>
      {editor.mode === 'visual' ? (
        <RuleGroupEditor
          group={editor.root}
          depth={0}
          fields={fields}
          kindOf={kindOf}
          problems={problemById}
          actions={actions}
        />
      ) : (
        <JsonInput
          label="Filter (Meta’s product-set JSON)"
          description='Prices in cents: {"price_amount": {"lt": 5000}} is below 50.00.'
          value={editor.text}
          onChange={(text) => setEditor({ ...editor, text, problem: null })}
          autosize
          minRows={6}
          maxRows={18}
          spellCheck={false}
          error={editor.problem}
        />
      )}
      {serverProblem && (
        <Alert color="red" title="The filter is not valid" role="alert">
          {serverProblem}
        </Alert>
      )}
      <FilterPreview preview={preview} error={error} counting={counting} incomplete={filterJson === null} />
    </Stack>
  );
}
