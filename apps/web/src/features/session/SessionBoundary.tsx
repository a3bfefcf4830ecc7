import type { ReactNode } from 'react';
import { PageLoader } from '../../components/PageLoader';
import { SessionErrorScreen } from './SessionErrorScreen';
import { useSession } from './session';

/** Renders its children once the user and branding are known; screens below may rely on them. */
export function SessionBoundary({ children }: { children: ReactNode }) {
  const { loading, error, branding } = useSession();
  if (loading) return <PageLoader />;
  if (error || !branding) return <SessionErrorScreen />;
  return children;
}
