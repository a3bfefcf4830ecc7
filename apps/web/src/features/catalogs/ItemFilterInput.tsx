import { useQuery } from 'urql';
import { QueryState } from '../../components/QueryState';
import { RuleFieldSourcesQuery } from './api/ruleFieldSources';
import { FilterRulesEditor } from './FilterRulesEditor';
import { extraFieldNames, ruleFieldsOf } from './ruleFields';

/**
 * The product-set rule editor for a filter outside a product set (a feed design's item filter): the
 * fields rules can test (with the catalogue's extra columns) are read first. `onChange` gets Meta's
 * filter JSON ('{}' for every item), or null while a rule is incomplete.
 */
export function ItemFilterInput({
  catalogId,
  initialFilterJson,
  onChange,
  label,
}: {
  catalogId: string;
  initialFilterJson: string | null;
  onChange: (filterJson: string | null) => void;
  label?: string;
}) {
  const [{ data, error }] = useQuery({ query: RuleFieldSourcesQuery, variables: { catalogId } });
  if (!data) return <QueryState error={error} />;
  const fields = ruleFieldsOf(data.productSetFields, data.catalog ? extraFieldNames(data.catalog) : []);
  return (
    <FilterRulesEditor
      catalogId={catalogId}
      fields={fields}
      initialFilterJson={initialFilterJson}
      onChange={onChange}
      {...(label ? { label } : {})}
    />
  );
}
