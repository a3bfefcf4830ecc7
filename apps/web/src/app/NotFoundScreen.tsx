import { Container } from '@mantine/core';
import { NotFoundPanel } from '../components/NotFoundPanel';

export function NotFoundScreen() {
  return (
    <Container component="main" size={640} py={64}>
      <NotFoundPanel />
    </Container>
  );
}
