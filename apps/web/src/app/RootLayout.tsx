import { ModalsProvider } from '@mantine/modals';
import { Outlet, ScrollRestoration } from 'react-router';
import { SessionBoundary } from '../features/session';

/** Every page: modals (inside the router, so modal content may use links) once the session is known. */
export function RootLayout() {
  return (
    <ModalsProvider>
      <SessionBoundary>
        <Outlet />
      </SessionBoundary>
      <ScrollRestoration />
    </ModalsProvider>
  );
}
