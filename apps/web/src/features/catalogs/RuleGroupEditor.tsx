import { ActionIcon, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconBracketsContain, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type EditorNode,
  type GroupNode,
  type KindOf,
  newGroup,
  newRule,
  type RuleField,
  type RuleNode,
} from './productSetRules';
import { RuleRow } from './RuleRow';

/** What the editor can do to its tree, by node id. */
export interface RuleTreeActions {
  replace: (id: string, node: EditorNode) => void;
  remove: (id: string) => void;
  append: (groupId: string, node: EditorNode) => void;
}

const COMBINATORS = [
  { value: 'and', label: 'All rules (AND)' },
  { value: 'or', label: 'Any rule (OR)' },
];

/** A group of rules: AND or OR, its rules and nested groups, and buttons to add more. */
export function RuleGroupEditor({
  group,
  depth,
  fields,
  kindOf,
  problems,
  actions,
}: {
  group: GroupNode;
  depth: number;
  fields: readonly RuleField[];
  kindOf: KindOf;
  problems: ReadonlyMap<string, string>;
  actions: RuleTreeActions;
}) {
  const isRoot = depth === 0;
  const problem = problems.get(group.id);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      bg={depth % 2 === 1 ? 'var(--mantine-color-gray-0)' : undefined}
      role="group"
      aria-label={isRoot ? 'Rules' : 'Nested group'}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text size="sm">Items match</Text>
            <SegmentedControl
              size="xs"
              aria-label="Items match"
              data={COMBINATORS}
              value={group.combinator}
              onChange={(combinator) =>
                actions.replace(group.id, { ...group, combinator: combinator as GroupNode['combinator'] })
              }
            />
          </Group>
          {!isRoot && (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Remove group"
              onClick={() => actions.remove(group.id)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
        {group.children.length === 0 && isRoot && (
          <Text size="sm" c="dimmed">
            No rules: the set holds every item of the catalogue.
          </Text>
        )}
        {group.children.map((child) =>
          child.type === 'rule' ? (
            <RuleRow
              key={child.id}
              rule={child}
              fields={fields}
              kindOf={kindOf}
              problem={problems.get(child.id)}
              onChange={(rule: RuleNode) => actions.replace(child.id, rule)}
              onRemove={() => actions.remove(child.id)}
            />
          ) : (
            <RuleGroupEditor
              key={child.id}
              group={child}
              depth={depth + 1}
              fields={fields}
              kindOf={kindOf}
              problems={problems}
              actions={actions}
            />
          ),
        )}
        {problem && (
          <Text size="xs" c="red">
            {problem}
          </Text>
        )}
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => actions.append(group.id, newRule(fields[0]))}
          >
            Add rule
          </Button>
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconBracketsContain size={14} />}
            onClick={() =>
              actions.append(
                group.id,
                newGroup(group.combinator === 'and' ? 'or' : 'and', [newRule(fields[0])]),
              )
            }
          >
            Add group
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
