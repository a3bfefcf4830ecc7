import { Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { PortalSetClientFeatureMutation } from './api/portalSetClientFeature';
import type { PortalClient } from './planStatus';

/** A switch per feature of a client. */
export function FeatureSwitches({ client }: { client: PortalClient }) {
  const [, setFeature] = useMutation(PortalSetClientFeatureMutation);
  const notify = useNotify();
  const [busyKey, setBusyKey] = useState<string | null>(null);

  const toggle = async (key: string, label: string, enabled: boolean) => {
    setBusyKey(key);
    const result = await setFeature({ clientId: client.id, key, enabled });
    notify.mutation(
      result,
      result.data?.portalSetClientFeature,
      `${label} ${enabled ? 'turned on' : 'turned off'}.`,
    );
    setBusyKey(null);
  };

  if (client.features.length === 0) return <Text c="dimmed">No features are defined.</Text>;
  return (
    <Stack gap="lg">
      {client.features.map((feature) => (
        <Switch
          key={feature.key}
          label={feature.label}
          description={feature.description}
          checked={feature.enabled}
          disabled={busyKey !== null}
          onChange={(event) =>
            notify.reportFailure(toggle(feature.key, feature.label, event.currentTarget.checked))
          }
        />
      ))}
    </Stack>
  );
}
