import { Button, Group, Menu, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { NUMBER_LOCALES, type FilterCall } from '@adloom/template';
import { IconFilter } from '@tabler/icons-react';
import { useState } from 'react';
import { FILTER_CHOICE_LIST, filterProblem, type FilterChoice } from './templateText';

/**
 * 'Add filter': the filters of template-format.md section 3; `onChoose` gets the one chosen (its owner adds
 * one without an argument at once and asks for the argument of the others with FilterArgumentForm).
 */
export function FilterMenu({
  target,
  disabled,
  onOpen,
  onChoose,
}: {
  /** The key of the placeholder the filter will be added to, when the menu is open. */
  target: string | undefined;
  disabled: boolean;
  onOpen: () => void;
  onChoose: (choice: FilterChoice) => void;
}) {
  return (
    <Menu position="bottom-start" width={260} onOpen={onOpen}>
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          disabled={disabled}
          leftSection={<IconFilter size={14} aria-hidden />}
        >
          Add filter
        </Button>
      </Menu.Target>
      {/* Keys here move through the menu: they must not reach the builder's shortcuts (Backspace deletes). */}
      <Menu.Dropdown onKeyDown={(event) => event.stopPropagation()}>
        {target !== undefined && <Menu.Label>{`Add to {${target}}`}</Menu.Label>}
        {FILTER_CHOICE_LIST.map((choice) => (
          <Menu.Item key={choice.name} onClick={() => onChoose(choice)}>
            <Text size="xs">{choice.label}</Text>
            <Text size="xs" c="dimmed">
              {choice.description}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The argument of a filter; the filter is added only when the renderer could run it. */
export function FilterArgumentForm({
  choice,
  target,
  onAdd,
  onCancel,
}: {
  choice: FilterChoice & { argument: NonNullable<FilterChoice['argument']> };
  target: string;
  onAdd: (call: FilterCall) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState('');
  const [locale, setLocale] = useState<string>('en');
  const [tried, setTried] = useState(false);
  const arg = choice.name === 'format' && locale !== 'en' ? `${value}:${locale}` : value;
  const call: FilterCall = { name: choice.name, arg };
  // Checked as typed (math: the spec's rule of section 5 and its texts); an empty field only once tried.
  const problem = value !== '' || tried ? filterProblem(call) : null;
  const submit = () => {
    setTried(true);
    if (filterProblem(call) === null) onAdd(call);
  };
  return (
    <Paper withBorder p="xs" aria-label={`${choice.label} filter`}>
      <Stack gap={6}>
        <Text size="xs" fw={600}>{`${choice.label} for {${target}}`}</Text>
        <TextInput
          size="xs"
          label={choice.argument.label}
          description={choice.argument.description}
          placeholder={choice.argument.placeholder}
          value={value}
          error={problem}
          autoFocus
          onChange={(event) => setValue(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit();
            if (event.key === 'Escape') onCancel();
          }}
        />
        {choice.name === 'format' && (
          <Select
            size="xs"
            label="Number locale"
            allowDeselect={false}
            data={[...NUMBER_LOCALES]}
            value={locale}
            onChange={(next) => setLocale(next ?? 'en')}
          />
        )}
        <Group gap="xs">
          <Button size="xs" onClick={submit}>
            Add
          </Button>
          <Button size="xs" variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
