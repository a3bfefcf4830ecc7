import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** What the grid shows without cards: no templates at all, or none matching the search. */
export function TemplatesEmptyState({
  reason,
  createUrl,
  libraryUrl,
  onClearSearch,
}: {
  reason: 'none' | 'no-archived' | 'no-match';
  createUrl: string;
  libraryUrl: string;
  onClearSearch: () => void;
}) {
  return (
    <Paper withBorder p="xl" radius="md">
      {reason === 'no-match' ? (
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>No template matches your search.</Text>
          <Text c="dimmed" size="sm">
            Search looks at template names. Try another word.
          </Text>
          <Button variant="default" onClick={onClearSearch}>
            Clear search
          </Button>
        </Stack>
      ) : reason === 'no-archived' ? (
        <Stack gap="sm">
          <Text fw={600}>No archived templates.</Text>
          <Text c="dimmed" size="sm">
            Templates you archive are kept here, out of the way, until you unarchive them.
          </Text>
        </Stack>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>No templates yet.</Text>
          <Text c="dimmed" size="sm">
            Start from a ready-made template of the library, or import an SVG template.
          </Text>
          <Group gap="sm">
            <Button component={Link} to={libraryUrl}>
              Browse the library
            </Button>
            <Button component={Link} to={createUrl} variant="default">
              Create a template
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
