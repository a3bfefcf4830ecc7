import { Paper, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * A chart with an accessible name: the drawing is an image named by its title, and the caption points to
 * the table with the same numbers (the chart's alternative for screen readers and keyboards).
 */
export function ChartFigure({
  title,
  summary,
  actions,
  children,
}: {
  title: string;
  /** What the chart shows, in words; read with the image. */
  summary?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  const summaryId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-labelledby={titleId}>
      <Title order={2} fz="md" id={titleId} mb={4}>
        {title}
      </Title>
      {actions}
      <div role="img" aria-labelledby={titleId} aria-describedby={summaryId}>
        {children}
      </div>
      <Text component="figcaption" id={summaryId} size="xs" c="dimmed" mt="xs">
        {summary ? `${summary} ` : ''}The table gives the same numbers.
      </Text>
    </Paper>
  );
}
