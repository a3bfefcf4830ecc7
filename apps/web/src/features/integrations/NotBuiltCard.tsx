import { Badge } from '@mantine/core';
import { IntegrationCard } from './IntegrationCard';

/** An integration a later issue builds: what it will do, and plainly that it does nothing yet. */
export function NotBuiltCard({ title, description }: { title: string; description: string }) {
  return (
    <IntegrationCard
      title={title}
      description={description}
      badge={
        <Badge variant="light" color="gray" radius="sm">
          Not built yet
        </Badge>
      }
    />
  );
}
