import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useMutation } from 'urql';
import { useNotify } from '../../app/store/useNotify';
import { describeFailure, mutationFailure } from '../../lib/graphqlErrors';
import { type UserClient, useSession } from '../session';
import { AcceptTermsMutation } from './api/acceptTerms';
import { TermsText } from './TermsText';

// The modal cannot be dismissed: accepting is the only way on.
const keepOpen = () => undefined;

export function TermsModal({ client }: { client: UserClient }) {
  const [, acceptTerms] = useMutation(AcceptTermsMutation);
  const { refresh } = useSession();
  const notify = useNotify();
  const [accepting, setAccepting] = useState(false);

  const accept = async () => {
    setAccepting(true);
    const result = await acceptTerms({ clientId: client.id });
    const failure = mutationFailure(result, result.data?.acceptTerms);
    if (failure) notify.error(failure);
    else await refresh().catch((error: unknown) => notify.error(describeFailure(error)));
    setAccepting(false);
  };

  return (
    <Modal
      opened
      onClose={keepOpen}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="Terms of service"
      size="lg"
      centered
    >
      <Stack gap="lg">
        <TermsText clientName={client.name} />
        <Group justify="flex-end">
          <Button onClick={() => notify.reportFailure(accept())} loading={accepting} data-autofocus>
            Accept
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
