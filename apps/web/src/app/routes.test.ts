import { describe, expect, it } from 'vitest';
import { authRoutes, clientRoutes, clientUrl, isBuilt, portalRoutes, workingAreaRoutes } from './routes';

// Every route of spec section 2, word for word (parameters as :name).
const SPEC_CLIENT_ROUTES = [
  'copy-generation/',
  'copy-generation/:id/',
  'content/',
  'content/onboarding/',
  'content/onboarding-landing/',
  'content/folder/',
  'content/folder/:id/',
  'user-generated-content-creation/',
  'campaigns/detailed-report/',
  'video-ads/',
  'brand-kit/',
  'dashboard/',
  'dashboard/performance/',
  'dashboard/ad-insights/',
  'dashboard/creative-features/',
  'overview/',
  'dashboard/overview/',
  'dashboard/detailed-report/',
  'dashboard/top-bottom-ads/',
  'dashboard/dpa-performance/',
  ...['ads', 'catalog_ads', 'enhancement_ads', 'items', 'item-groups', 'categories'].map(
    (s) => `dashboard/dpa-performance/${s}/`,
  ),
  'datasets/',
  'datasets/:id/enrich/',
  'datasets/:id/overview/',
  'datasets/:id/download/',
  'datasets/report/:id/',
  'datasets/report/:id/demographics/',
  'models/',
  'models/archived/',
  'models/train/',
  'models/:id/',
  ...['demographics', 'personality', 'overview', 'score'].map((s) => `models/:id/${s}/`),
  'models/:id/score/:scoreId/download/',
  'integrations/',
  'integrations/shopify/',
  'integrations/klaviyo/',
  'unauthorized/',
  'users/',
  'users/inactive/',
  'billing/',
  'billing/success/',
  'subscriptions/',
  'plan-expired/',
  'products/',
  'products/templates/',
  'products/templates/create/',
  'products/templates/library/',
  'products/templates/:id/',
  'catalogs/',
  'catalogs/new/',
  'catalogs/:id/',
  'feeds/:id/',
  'feeds/:id/creatives/',
  'feeds/:id/preview/',
  'feeds/:id/design/:designId/',
  'creative-features/',
  'creative-features/:id/',
  'audiences/',
  ...[
    'create/conversions-lookalike-audience',
    'create/model-based-audience',
    'model-based',
    'abc',
    'lifecycle',
    'personality',
    'custom',
  ].map((s) => `audiences/${s}/`),
  'segmentation-report/',
  ...['segments', 'migration', 'behaviour-statistics', 'about'].map((s) => `segmentation-report/${s}/`),
  'sage/',
];

describe('route table (spec section 2)', () => {
  it('has every client route of the spec and no duplicates', () => {
    const paths = clientRoutes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(SPEC_CLIENT_ROUTES.filter((p) => !paths.includes(p))).toEqual([]);
  });

  it('has every unauthenticated path and every portal path', () => {
    // The spec's paths, and the password reset pages beside sign-in.
    expect(authRoutes.map((r) => r.path)).toEqual([
      '/login/',
      '/login/local/',
      '/login/forgot/',
      '/login/reset/',
      '/register/',
      '/register/verify/',
      '/register/client/',
      '/register/linking/',
      '/register/limited/',
      '/register/issue/',
    ]);
    for (const p of [
      'client-create/',
      'clients/',
      'clients/:id/',
      'clients/:id/features/',
      'clients/:id/msa/',
    ])
      expect(portalRoutes.map((r) => r.path)).toContain(p);
  });

  it('says plainly what each unbuilt area will do', () => {
    for (const r of clientRoutes.filter((r) => r.screen === 'placeholder'))
      expect(r.description.length, r.path).toBeGreaterThan(20);
  });

  it('sends people from an unbuilt area to the built areas of the loop, never to another placeholder', () => {
    const working = workingAreaRoutes();
    expect(working.map((r) => r.path)).toEqual(
      expect.arrayContaining(['products/', 'products/templates/', 'catalogs/', 'brand-kit/']),
    );
    // The products hub is where the feeds are listed.
    expect(working.find((r) => r.path === 'products/')?.description).toMatch(/feeds/);
    for (const r of working) expect(isBuilt(r), r.path).toBe(true);
    expect(clientRoutes.filter((r) => !isBuilt(r)).length).toBeGreaterThan(20);
  });

  it('fills parameters into client URLs', () => {
    expect(clientUrl('c 1', 'feeds/:id/design/:designId/', { id: '7', designId: 'a/b' })).toBe(
      '/clients/c%201/feeds/7/design/a%2Fb/',
    );
  });
});
