import { Alert, Button, Group, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useState } from 'react';
import { useAppStore } from '../../../app/store/appStore';
import { useNotify } from '../../../app/store/useNotify';
import { publicClient } from '../../../graphql/urql';
import { mutationFailure } from '../../../lib/graphqlErrors';
import { SetDemoModeMutation, useSession } from '../../session';

/**
 * Shown on every dashboard whose figures are the demo data set: says so, and switches demo mode off in one
 * click (the same store flag and mutation as the account menu's "Demo mode", on the public endpoint).
 */
export function DemoDataNotice({ onSwitchedOff }: { onSwitchedOff: () => void }) {
  const { setDemoMode } = useAppStore();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const { refresh } = useSession();

  const switchOff = async () => {
    setSaving(true);
    setDemoMode(false);
    // setDemoMode is an operation of the public endpoint (the user's own setting), not of the workspace's.
    const result = await publicClient.mutation(SetDemoModeMutation, { enabled: false }).toPromise();
    setSaving(false);
    const failure = mutationFailure(result, result.data?.setDemoMode);
    if (failure) notify.error(`Demo mode was switched off on this device only: ${failure}`);
    // The device may have believed demo mode was off already (it was switched on elsewhere): ask anyway.
    else {
      onSwitchedOff();
      // The account menu follows the server's setting: it must hear of this one.
      await refresh();
    }
  };

  return (
    <Alert color="violet" variant="light" icon={<IconFlask size={18} />} title="Demo data" mb="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          These figures are the demo data set, not your ad accounts. Switch demo mode off to see your own
          results.
        </Text>
        <Button
          size="xs"
          variant="white"
          color="violet"
          loading={saving}
          onClick={() => notify.reportFailure(switchOff())}
        >
          Switch off demo data
        </Button>
      </Group>
    </Alert>
  );
}
