import { Alert, Button, Group, JsonInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useIdempotencyKey } from '../../lib/useIdempotencyKey';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { mutationFailure } from '../../lib/graphqlErrors';
import { CreateProductSetMutation } from './api/createProductSet';
import { UpdateProductSetMutation } from './api/updateProductSet';
import { type ProductSet, productSetsContext } from './catalog';
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

/** The name, the rules (visually or as Meta's JSON), the live count, and save. */
export function ProductSetEditor({
  catalogId,
  set,
  fields,
  onDone,
}: {
  catalogId: string;
  set: ProductSet | null;
  fields: readonly RuleField[];
  onDone: () => void;
}) {
  const kindOf = kindLookup(fields);
  const [name, setName] = useState(set?.name ?? '');
  const [editor, setEditor] = useState<EditorState>(() => {
    if (!set) return { mode: 'visual', root: newGroup() };
    const parsed = parseFilterText(set.filterJson);
    if ('root' in parsed) return { mode: 'visual', root: parsed.root };
    // A stored filter the visual editor cannot show is edited as JSON.
    return {
      mode: 'json',
      root: newGroup(),
      text: pretty(JSON.parse(set.filterJson)),
      problem: parsed.error,
    };
  });
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [, createProductSet] = useMutation(CreateProductSetMutation);
  // One key per opening of the dialog: a double click or a retry creates one product set.
  const submitKey = useIdempotencyKey();
  const [, updateProductSet] = useMutation(UpdateProductSetMutation);
  const notify = useNotify();

  const problems = editor.mode === 'visual' ? validateTree(editor.root, kindOf) : [];
  const problemById = new Map(problems.map((p) => [p.nodeId, p.message]));
  const filterJson =
    editor.mode === 'json'
      ? editor.text.trim() || '{}'
      : problems.length > 0
        ? null
        : JSON.stringify(toFilterJson(editor.root, kindOf));
  const { preview, error, counting } = useFilterPreview(catalogId, filterJson);

  const setRoot = (change: (root: GroupNode) => GroupNode) =>
    setEditor((state) => (state.mode === 'visual' ? { mode: 'visual', root: change(state.root) } : state));
  const actions: RuleTreeActions = {
    replace: (id, node) => setRoot((root) => updateNode(root, id, () => node)),
    remove: (id) => setRoot((root) => removeNode(root, id)),
    append: (groupId, node) => setRoot((root) => appendNode(root, groupId, node)),
  };

  const toggleJson = (json: boolean) => {
    setSaveError(null);
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

  const send = async (setNameText: string, filter: string) => {
    if (set) {
      const result = await updateProductSet(
        { id: set.id, name: setNameText, filterJson: filter },
        productSetsContext,
      );
      const payload = result.data?.updateProductSet;
      return { failure: mutationFailure(result, payload), saved: payload?.productSet };
    }
    const result = await createProductSet(
      { catalogId, name: setNameText, filterJson: filter, idempotencyKey: submitKey.key },
      productSetsContext,
    );
    const payload = result.data?.createProductSet;
    return { failure: mutationFailure(result, payload), saved: payload?.productSet };
  };

  const save = async () => {
    setSaveError(null);
    if (name.trim() === '') {
      setSaveError('Give the product set a name.');
      return;
    }
    if (filterJson === null) {
      setSaveError('Fix the rules marked in red first.');
      return;
    }
    setSaving(true);
    const { failure, saved } = await send(name.trim(), filterJson);
    setSaving(false);
    if (failure || !saved) {
      setSaveError(failure ?? 'The server gave no answer. Try again.');
      return;
    }
    notify.success(set ? `‘${saved.name}’ was saved.` : `‘${saved.name}’ was created.`);
    onDone();
  };

  const serverProblem = preview?.error?.message;
  return (
    <Stack gap="md">
      <TextInput
        label="Name"
        required
        data-autofocus
        maxLength={100}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <Group justify="space-between">
        <Text fw={500} size="sm">
          Rules
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
      {saveError && (
        <Alert
          color="red"
          role="alert"
          title={set ? 'The product set was not saved' : 'The product set was not created'}
        >
          {saveError}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={() => notify.reportFailure(save())} loading={saving}>
          {set ? 'Save changes' : 'Create product set'}
        </Button>
      </Group>
    </Stack>
  );
}
