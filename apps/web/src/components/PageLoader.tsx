import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center mih="50vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
