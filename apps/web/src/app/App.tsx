import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { RouterProvider } from 'react-router';
import { Provider as UrqlProvider } from 'urql';
import { SessionProvider } from '../features/session';
import { publicClient } from '../graphql/urql';
import { router } from './router';
import { AppStoreProvider } from './store/AppStoreProvider';
import { theme } from './theme';

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-right" />
      <AppStoreProvider>
        <UrqlProvider value={publicClient}>
          <SessionProvider>
            <RouterProvider router={router} />
          </SessionProvider>
        </UrqlProvider>
      </AppStoreProvider>
    </MantineProvider>
  );
}
