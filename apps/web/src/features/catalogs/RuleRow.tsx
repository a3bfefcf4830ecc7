import { ActionIcon, Group, Select, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { capitalise } from './catalogFormat';
import { OPERATOR_LABELS, operatorsFor } from '@adloom/commerce';
import { type KindOf, type RuleField, type RuleNode, withField, withOperator } from './productSetRules';
import { RuleValueInput } from './RuleValueInput';

/** The field select's options: the catalogue's fields, then the extra fields (and any unknown one in use). */
function fieldOptions(fields: readonly RuleField[], current: string) {
  const known = fields.filter((field) => !field.extra);
  const extra = fields.filter((field) => field.extra);
  if (current && !fields.some((field) => field.name === current))
    extra.push({ name: current, label: current, kind: 'text', extra: true });
  const option = (field: RuleField) => ({
    value: field.name,
    label: field.extra ? field.name : capitalise(field.label),
  });
  return [
    { group: 'Catalogue fields', items: known.map(option) },
    ...(extra.length > 0 ? [{ group: 'Extra fields', items: extra.map(option) }] : []),
  ];
}

/** One rule of the editor: field, operator, value, a remove button, and what is wrong with it. */
export function RuleRow({
  rule,
  fields,
  kindOf,
  problem,
  onChange,
  onRemove,
}: {
  rule: RuleNode;
  fields: readonly RuleField[];
  kindOf: KindOf;
  problem: string | undefined;
  onChange: (rule: RuleNode) => void;
  onRemove: () => void;
}) {
  const kind = kindOf(rule.field);
  const chooseField = (name: string | null) => {
    const field = fields.find((f) => f.name === name);
    if (field) onChange(withField(rule, field, kindOf));
  };
  return (
    <Stack gap={4} role="group" aria-label="Rule">
      <Group gap="xs" align="flex-start" wrap="wrap">
        <Select
          aria-label="Field"
          data={fieldOptions(fields, rule.field)}
          value={rule.field || null}
          onChange={chooseField}
          placeholder="Field"
          searchable
          allowDeselect={false}
          w={210}
        />
        <Select
          aria-label="Operator"
          data={operatorsFor(kind).map((operator) => ({ value: operator, label: OPERATOR_LABELS[operator] }))}
          value={rule.operator}
          onChange={(operator) => operator && onChange(withOperator(rule, operator as RuleNode['operator']))}
          allowDeselect={false}
          w={230}
        />
        <RuleValueInput
          rule={rule}
          kind={kind}
          invalid={problem !== undefined}
          onChange={(change) => onChange({ ...rule, ...change })}
        />
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Remove rule" onClick={onRemove}>
          <IconX size={16} />
        </ActionIcon>
      </Group>
      {problem && (
        <Text size="xs" c="red">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
