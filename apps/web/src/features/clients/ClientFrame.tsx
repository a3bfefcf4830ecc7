import { Navigate, Outlet } from 'react-router';
import { useCurrentClientRoute } from '../../app/clientRouteHandle';
import { clientUrl } from '../../app/routes';
import { BillingBanner } from './BillingBanner';
import { type CurrentClient, CurrentClientContext } from './currentClient';

/** A workspace the viewer may open: enforces the expired-plan rule and shows the billing banner. */
export function ClientFrame({ client }: { client: CurrentClient }) {
  const route = useCurrentClientRoute();
  if (client.planStatus === 'EXPIRED' && route && !route.allowedWhenExpired) {
    return <Navigate to={clientUrl(client.id, 'plan-expired/')} replace />;
  }
  // Those pages already lead to billing.
  const offersBilling = route ? route.path.startsWith('billing/') || route.screen === 'plan-expired' : false;
  return (
    <CurrentClientContext value={client}>
      {client.billingRequired && !offersBilling && <BillingBanner clientId={client.id} />}
      <Outlet />
    </CurrentClientContext>
  );
}
