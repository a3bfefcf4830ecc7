import { Modal } from '@mantine/core';
import { useQuery } from 'urql';
import { QueryState } from '../../components/QueryState';
import { ProductSetFieldsQuery } from './api/productSetFields';
import type { ProductSet } from './catalog';
import { ProductSetEditor } from './ProductSetEditor';
import type { RuleField } from './productSetRules';
import { ruleFieldsOf } from './ruleFields';

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
  const fields: RuleField[] | undefined = known && ruleFieldsOf(known, extraFieldNames);
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
