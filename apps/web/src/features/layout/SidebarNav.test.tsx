import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { clientRoutes, isBuilt } from '../../app/routes';
import { clientNavSections } from './clientNav';
import { SidebarNav } from './SidebarNav';

const sections = clientNavSections('c1', false);
const items = sections.flatMap((section) => section.items);

function sidebarHtml(collapsed: boolean): string {
  return renderToStaticMarkup(
    <MantineProvider>
      <MemoryRouter initialEntries={['/clients/c1/products/']}>
        <SidebarNav sections={sections} collapsed={collapsed} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

/** The markup of the one link to `to`, from its opening tag to its closing tag. */
function linkHtml(html: string, to: string): string {
  const href = html.indexOf(`href="${to}"`);
  expect(href, to).toBeGreaterThan(-1);
  const start = html.lastIndexOf('<a', href);
  return html.slice(start, html.indexOf('</a>', href));
}

describe('the sidebar marks areas that are not built yet', () => {
  it('flags exactly the nav entries whose route shows the placeholder', () => {
    const byPath = new Map(clientRoutes.map((route) => [`/clients/c1/${route.path}`, route]));
    expect(items.length).toBeGreaterThan(10);
    for (const item of items) {
      const route = byPath.get(item.to);
      expect(route, item.to).toBeDefined();
      expect(item.comingSoon, item.to).toBe(!isBuilt(route!));
    }
    expect(items.filter((item) => item.comingSoon).map((item) => item.label)).toContain('Video ads');
    expect(items.filter((item) => !item.comingSoon).map((item) => item.label)).toEqual(
      expect.arrayContaining([
        'Overview',
        'Performance',
        'DPA performance',
        'Products',
        'Templates',
        'Catalogues',
        'Brand kit',
        'Users',
      ]),
    );
  });

  it('shows a "Coming soon" badge beside unbuilt areas and none beside built ones', () => {
    const html = sidebarHtml(false);
    expect(linkHtml(html, '/clients/c1/video-ads/')).toContain('Coming soon');
    expect(linkHtml(html, '/clients/c1/dashboard/performance/')).not.toContain('Coming soon');
    expect(linkHtml(html, '/clients/c1/dashboard/dpa-performance/')).not.toContain('Coming soon');
    expect(linkHtml(html, '/clients/c1/sage/')).toContain('Coming soon');
    expect(linkHtml(html, '/clients/c1/products/templates/')).not.toContain('Coming soon');
    expect(linkHtml(html, '/clients/c1/brand-kit/')).not.toContain('Coming soon');
  });

  it('says so in the name of a collapsed link, which has no room for the badge', () => {
    const html = sidebarHtml(true);
    expect(linkHtml(html, '/clients/c1/video-ads/')).toContain('aria-label="Video ads (coming soon)"');
    expect(linkHtml(html, '/clients/c1/catalogs/')).toContain('aria-label="Catalogues"');
  });
});
