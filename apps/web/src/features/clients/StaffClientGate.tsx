import { Alert } from '@mantine/core';
import { useQuery } from 'urql';
import { PageLoader } from '../../components/PageLoader';
import { describeGraphqlError } from '../../lib/graphqlErrors';
import { ClientQuery } from './api/clientQuery';
import { ClientFrame } from './ClientFrame';

/** Staff opening a workspace they are not a member of: the workspace comes from the client endpoint. */
export function StaffClientGate() {
  const [{ data, error }] = useQuery({ query: ClientQuery });
  if (!data) {
    if (!error) return <PageLoader />;
    return (
      <Alert color="red" title="This workspace could not be opened">
        {describeGraphqlError(error)}
      </Alert>
    );
  }
  const { client } = data;
  return <ClientFrame client={{ ...client, membership: null }} />;
}
