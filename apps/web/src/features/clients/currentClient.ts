import { createContext, useContext } from 'react';
import type { UserClient } from '../session';

export type PlanStatus = UserClient['planStatus'];

/** The workspace being shown, from the viewer's membership or (staff) from the client endpoint. */
export interface CurrentClient {
  id: string;
  name: string;
  planStatus: PlanStatus;
  billingRequired: boolean;
  /** Null when a staff member opens a workspace they do not belong to. */
  membership: UserClient | null;
  /** Where `/clients/{id}/` leads. */
  landingPath: string;
}

/** Null only on the unauthorized screen shown to non-members. */
export const CurrentClientContext = createContext<CurrentClient | null>(null);

export function useCurrentClient(): CurrentClient | null {
  return useContext(CurrentClientContext);
}
