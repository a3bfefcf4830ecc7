import { NumberInput, TagsInput, TextInput } from '@mantine/core';
import { type FieldKind, isListOperator, isNumericRule, PRICE_FIELDS } from '@adloom/commerce';
import type { RuleNode } from './productSetRules';

/**
 * The value of one rule: a list of tags for is_any and is_not_any, a number input for numbers
 * (prices as decimals: 49.99), else a text input.
 */
export function RuleValueInput({
  rule,
  kind,
  invalid,
  onChange,
}: {
  rule: RuleNode;
  kind: FieldKind;
  invalid: boolean;
  onChange: (change: Partial<Pick<RuleNode, 'value' | 'values'>>) => void;
}) {
  const price = PRICE_FIELDS.has(rule.field);
  if (isListOperator(rule.operator))
    return (
      <TagsInput
        aria-label="Values"
        placeholder={kind === 'number' ? 'Type a number, then Enter' : 'Type a value, then Enter'}
        value={rule.values}
        onChange={(values) => onChange({ values })}
        acceptValueOnBlur
        error={invalid}
        style={{ flex: 1, minWidth: 180 }}
      />
    );
  if (isNumericRule(kind, rule.operator))
    return (
      <NumberInput
        aria-label="Value"
        placeholder={price ? '49.99' : 'A number'}
        value={rule.value}
        onChange={(value) => onChange({ value: String(value) })}
        decimalScale={price ? 2 : undefined}
        hideControls
        error={invalid}
        style={{ flex: 1, minWidth: 140 }}
      />
    );
  return (
    <TextInput
      aria-label="Value"
      placeholder={rule.operator === 'eq' || rule.operator === 'neq' ? 'Empty means no value' : 'Text'}
      value={rule.value}
      onChange={(event) => onChange({ value: event.currentTarget.value })}
      error={invalid}
      style={{ flex: 1, minWidth: 180 }}
    />
  );
}
