import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ComparisonControl } from './ComparisonControl';
import { DateRangeControl } from './DateRangeControl';

const render = (node: React.ReactNode) => renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>);

describe('the range and comparison controls', () => {
  it('say what the figures are compared with: the previous period by default', () => {
    const html = render(
      <ComparisonControl
        range={{ from: '2026-10-01', to: '2026-10-30' }}
        comparison={null}
        today="2026-10-31"
        onChange={() => undefined}
      />,
    );
    expect(html).toContain('vs 1–30 Sep 2026');
    expect(html).toContain('value="Previous period"');
    expect(html).not.toContain('Comparison range');
  });

  it('show a chosen comparison period with its picker', () => {
    const html = render(
      <ComparisonControl
        range={{ from: '2026-10-01', to: '2026-10-30' }}
        comparison={{ from: '2025-10-01', to: '2025-10-30' }}
        today="2026-10-31"
        onChange={() => undefined}
      />,
    );
    expect(html).toContain('vs 1–30 Oct 2025');
    expect(html).toContain('Comparison range');
  });

  it('name the preset of the range, and offer the custom picker only for other ranges', () => {
    const preset = render(
      <DateRangeControl
        range={{ from: '2026-10-24', to: '2026-10-30' }}
        today="2026-10-31"
        onChange={() => undefined}
      />,
    );
    expect(preset).toContain('value="Last 7 days"');
    expect(preset).not.toContain('Custom range</label>');
    const custom = render(
      <DateRangeControl
        range={{ from: '2026-10-03', to: '2026-10-09' }}
        today="2026-10-31"
        onChange={() => undefined}
      />,
    );
    expect(custom).toContain('value="Custom range"');
    expect(custom).toContain('Custom range</label>');
  });
});
