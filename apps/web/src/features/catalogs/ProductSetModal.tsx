import { Modal } from '@mantine/core';
import { useQuery } from 'urql';
import { QueryState } from '../../components/QueryState';
import { ProductSetFieldsQuery } from './api/productSetFields';
import type { ProductSet } from './catalog';
import { ProductSetEditor } from './ProductSetEditor';
import type { RuleField } from './productSetRules';

/**
 * The dialog that creates a product set (`set` null) or edits one. Its content mounts afresh each time
 * it opens, once the rule fields are known.
 */
export function ProductSetModal({
  catalogId,
  opened,
  set,
  extraFieldNames,
  onClose,
}: {
  catalogId: string;
  opened: boolean;
  set: ProductSet | null;
  extraFieldNames: readonly string[];
  onClose: () => void;
}) {
  const [{ data, error }] = useQuery({ query: ProductSetFieldsQuery, pause: !opened });
  const known = data?.productSetFields;
  const fields: RuleField[] | undefined = known && [
    ...known.map((field) => ({
      ...field,
      kind: field.kind === 'number' ? ('number' as const) : ('text' as const),
    })),
    ...extraFieldNames
      .filter((name) => !known.some((field) => field.name === name))
      .map((name) => ({ name, label: name, kind: 'text' as const, extra: true })),
  ];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={set ? `Edit product set: ${set.name}` : 'New product set'}
      size="xl"
    >
      {fields ? (
        <ProductSetEditor
          key={set?.id ?? 'new'}
          catalogId={catalogId}
          set={set}
          fields={fields}
          onDone={onClose}
        />
      ) : (
        <QueryState error={error} />
      )}
    </Modal>
  );
}
