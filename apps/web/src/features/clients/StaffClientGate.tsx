import { Alert } from '@mantine/core';
import { useQuery } from 'urql';
import { clientUrl } from '../../app/routes';
import { PageLoader } from '../../components/PageLoader';
import { describeGraphqlError } from '../../lib/graphqlErrors';
import { ClientQuery } from './api/clientQuery';
import { ClientFrame } from './ClientFrame';

/** Staff opening a workspace they are not a member of: the workspace comes from the client endpoint. */
export function StaffClientGate({ tokenAuth }: { tokenAuth: boolean }) {
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
  // The default landing rule (spec section 2); members get it from the server as UserClient.landingPath.
  const landingPage = client.billingRequired ? 'billing/' : tokenAuth ? 'overview/' : 'dashboard/overview/';
  return (
    <ClientFrame client={{ ...client, membership: null, landingPath: clientUrl(client.id, landingPage) }} />
  );
}
