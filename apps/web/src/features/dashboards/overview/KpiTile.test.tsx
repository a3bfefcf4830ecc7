import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { KpiTile } from './KpiTile';

function tile(metric: 'roas' | 'cpa' | 'spend', current: number | null, previous: number | null) {
  return renderToStaticMarkup(
    <MantineProvider>
      <KpiTile metric={metric} current={current} previous={previous} currency="EUR" />
    </MantineProvider>,
  );
}

describe('a KPI tile', () => {
  it('shows the value, the previous one and the change in green when it is good news', () => {
    const html = tile('roas', 3.42, 2.85);
    expect(html).toContain('aria-label="ROAS"');
    expect(html).toContain('3.42×');
    expect(html).toContain('was 2.85×');
    expect(html).toContain('+20%');
    expect(html).toContain('(better)');
    expect(html).toContain('--badge-color:var(--mantine-color-teal');
  });

  it('shows a cost that went up in red, and a volume in grey', () => {
    expect(tile('cpa', 12, 10)).toContain('(worse)');
    expect(tile('cpa', 12, 10)).toContain('+20%');
    expect(tile('spend', 1200, 1000)).toContain('(change)');
    expect(tile('spend', 1200, 1000)).toContain('€1,200.00');
  });

  it('says there is nothing to compare with when the comparison period had nothing', () => {
    const html = tile('roas', 2, null);
    expect(html).toContain('was –');
    expect(html).toMatch(/>–<\/span>/);
  });
});
