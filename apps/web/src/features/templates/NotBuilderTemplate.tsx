import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';

/** How long the refusal shows before the user is sent back to the list (spec section 8). */
export const NOT_BUILDER_REDIRECT_MS = 10_000;

/** A template the builder cannot edit: the spec's message, then back to the templates list. */
export function NotBuilderTemplate({ listUrl }: { listUrl: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => {
      navigate(listUrl, { replace: true });
    }, NOT_BUILDER_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, listUrl]);

  return (
    <Alert color="red" role="alert" title="This template cannot be edited">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">Cannot edit template that was not created with the template builder.</Text>
        <Text size="sm" c="dimmed">
          You will be taken back to the templates list in 10 seconds.
        </Text>
        <Button component={Link} to={listUrl} size="xs" variant="default" replace>
          Back to templates now
        </Button>
      </Stack>
    </Alert>
  );
}
