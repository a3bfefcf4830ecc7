import { Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { fromDateTimeLocal, toDateTimeLocal } from '../../lib/format';
import { PortalSetClientPlanMutation } from './api/portalSetClientPlan';
import { isPlanStatus, type PlanStatus, planStatusOptions, type PortalClient } from './planStatus';
import { PlanStatusBadge } from './PlanStatusBadge';

/** The stored plan of a client; the effective status follows from it (a trial past its end is expired). */
export function PlanEditor({ client }: { client: PortalClient }) {
  const [, setClientPlan] = useMutation(PortalSetClientPlanMutation);
  const notify = useNotify();
  const form = useForm<{ planStatus: PlanStatus; billingRequired: boolean; trialEndsAt: string }>({
    initialValues: {
      planStatus: client.storedPlanStatus,
      billingRequired: client.billingRequired,
      trialEndsAt: toDateTimeLocal(client.trialEndsAt),
    },
  });

  const submit = form.onSubmit(async ({ planStatus, billingRequired, trialEndsAt }) => {
    const result = await setClientPlan({
      clientId: client.id,
      planStatus,
      billingRequired,
      trialEndsAt: fromDateTimeLocal(trialEndsAt),
    });
    if (notify.mutation(result, result.data?.portalSetClientPlan, 'Plan saved.')) form.resetDirty();
  });

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Group gap="xs">
          <Text size="sm">Effective status:</Text>
          <PlanStatusBadge status={client.planStatus} />
        </Group>
        <NativeSelect
          label="Plan status"
          data={planStatusOptions}
          value={form.values.planStatus}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isPlanStatus(value)) form.setFieldValue('planStatus', value);
          }}
        />
        <Checkbox label="Billing required" {...form.getInputProps('billingRequired', { type: 'checkbox' })} />
        <TextInput
          label="Trial ends at"
          type="datetime-local"
          description="Leave empty for a trial without an end."
          {...form.getInputProps('trialEndsAt')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
            Save plan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
