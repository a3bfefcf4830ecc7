import { Button, Group, NumberInput } from '@mantine/core';
import { useState } from 'react';
import { useMutation } from 'urql';
import { useNotify } from '../../../app/store/useNotify';
import { mutationFailure } from '../../../lib/graphqlErrors';
import { SetPerformanceMinSpendMutation } from '../api/adRanking';

/** The client's minimum spend for an ad to be ranked, edited and saved for everyone in the workspace. */
export function MinSpendControl({
  minSpend,
  currency,
  onSaved,
}: {
  minSpend: number;
  currency: string | null;
  onSaved: () => void;
}) {
  const [value, setValue] = useState<number | string>(minSpend);
  const [{ fetching }, save] = useMutation(SetPerformanceMinSpendMutation);
  const notify = useNotify();
  const changed = Number(value) !== minSpend;

  const submit = async () => {
    const result = await save({ minSpend: Number(value) });
    const failure = mutationFailure(result, result.data?.setPerformanceMinSpend);
    if (failure) {
      notify.error(`The minimum spend was not saved: ${failure}`);
      return;
    }
    notify.success('Minimum spend saved.');
    onSaved();
  };

  return (
    <Group gap="xs" align="flex-end">
      <NumberInput
        label={`Minimum spend${currency ? ` (${currency})` : ''}`}
        description="Ads that spent less are not ranked."
        value={value}
        onChange={setValue}
        min={0}
        decimalScale={2}
        thousandSeparator=","
        w={200}
      />
      <Button
        variant="default"
        disabled={!changed || value === '' || Number(value) < 0}
        loading={fetching}
        onClick={() => notify.reportFailure(submit())}
      >
        Save minimum spend
      </Button>
    </Group>
  );
}
