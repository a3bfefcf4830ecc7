import { Anchor, Text, type TextProps } from '@mantine/core';
import { useBranding } from '../features/session';

/** The customer-success contact of the current branding. */
export function HelpContact(props: TextProps) {
  const { customerSuccessEmail } = useBranding();
  return (
    <Text size="sm" c="dimmed" {...props}>
      Need help? Contact customer success at{' '}
      <Anchor href={`mailto:${customerSuccessEmail}`} inherit>
        {customerSuccessEmail}
      </Anchor>
      .
    </Text>
  );
}
