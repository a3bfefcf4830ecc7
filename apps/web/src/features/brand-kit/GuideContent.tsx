import { Typography } from '@mantine/core';
import Markdown from 'react-markdown';

/**
 * A guide's formatted text: Markdown drawn as HTML. react-markdown builds React elements and never
 * passes raw HTML through, and it drops link targets other than http(s), mailto and relative ones.
 */
export function GuideContent({ markdown }: { markdown: string }) {
  return (
    <Typography fz="sm">
      <Markdown
        components={{
          a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noreferrer noopener" />,
        }}
      >
        {markdown}
      </Markdown>
    </Typography>
  );
}
