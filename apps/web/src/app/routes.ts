/**
 * The route tables of the web app: one row per screen. The router, the sidebar, the placeholder
 * screens and the browser tests all read these tables. Pure data: no React, no CSS, importable from Node.
 */

/** Product areas of a client workspace, in sidebar order. */
export const clientAreas = [
  { key: 'dashboards', label: 'Overview & dashboards' },
  { key: 'products', label: 'Products & catalogues' },
  { key: 'content', label: 'Content & copy' },
  { key: 'video', label: 'Video & brand' },
  { key: 'audiences', label: 'Audiences & segmentation' },
  { key: 'models', label: 'Models & datasets' },
  { key: 'creative-features', label: 'Creative features' },
  { key: 'integrations', label: 'Integrations' },
  { key: 'assistant', label: 'Assistant' },
  { key: 'account', label: 'Account' },
] as const;

export type ClientArea = (typeof clientAreas)[number]['key'];

/** Icons of sidebar entries (mapped to icon components by the layout). */
export type NavIcon =
  | 'overview'
  | 'performance'
  | 'insights'
  | 'ranking'
  | 'report'
  | 'dpa'
  | 'products'
  | 'templates'
  | 'library'
  | 'catalogs'
  | 'copy'
  | 'content'
  | 'ugc'
  | 'video'
  | 'brand'
  | 'campaigns'
  | 'audiences'
  | 'segments'
  | 'models'
  | 'datasets'
  | 'features'
  | 'integrations'
  | 'assistant'
  | 'users'
  | 'billing'
  | 'subscriptions';

/** Screens that are built; every other route renders the placeholder panel (`isBuilt` below). */
export type ClientScreen =
  | 'placeholder'
  | 'users'
  | 'plan-expired'
  | 'unauthorized'
  | 'products'
  | 'feed'
  | 'feed-creatives'
  | 'feed-preview'
  | 'feed-design'
  | 'templates'
  | 'template-create'
  | 'template-library'
  | 'template'
  | 'catalogs'
  | 'catalog-create'
  | 'catalog'
  | 'brand-kit'
  | 'integrations'
  | 'dashboard-overview'
  | 'dashboard-performance'
  | 'dashboard-ad-insights'
  | 'dashboard-top-bottom-ads'
  | 'dashboard-detailed-report'
  | 'creative-features'
  | 'creative-feature'
  | 'dashboard-creative-features'
  | 'dpa-overview'
  | 'dpa-ads'
  | 'dpa-items';

export interface ClientRoute {
  /** Path below `/clients/{clientId}/`, with a trailing slash; `:name` marks a parameter. */
  path: string;
  title: string;
  area: ClientArea;
  /** What the screen does (or will do), in one or two sentences. */
  description: string;
  screen: ClientScreen;
  /** Shown in the sidebar with this icon (and `navLabel` when it differs from the title). */
  nav?: NavIcon;
  navLabel?: string;
  /** Still reachable when the client's plan has expired. */
  allowedWhenExpired?: true;
  /** Rendered for anyone signed in: where the membership guard sends non-members. */
  skipsMembershipCheck?: true;
}

const placeholder = 'placeholder' as const;

export const clientRoutes: readonly ClientRoute[] = [
  // Overview & dashboards
  {
    path: 'dashboard/overview/',
    title: 'Dashboard overview',
    navLabel: 'Overview',
    nav: 'overview',
    area: 'dashboards',
    screen: 'dashboard-overview',
    description: 'A summary of advertising spend and results across every connected ad account.',
  },
  {
    path: 'overview/',
    title: 'Overview',
    area: 'dashboards',
    screen: 'dashboard-overview',
    description: 'The summary of results shown to users who signed in with a staff sign-in link.',
  },
  {
    path: 'dashboard/',
    title: 'Dashboard',
    area: 'dashboards',
    screen: 'dashboard-performance',
    description: 'The main dashboard of the workspace, with the key advertising metrics over time.',
  },
  {
    path: 'dashboard/performance/',
    title: 'Performance',
    nav: 'performance',
    area: 'dashboards',
    screen: 'dashboard-performance',
    description: 'Spend, reach, clicks and conversions over time, by campaign, ad set and ad.',
  },
  {
    path: 'dashboard/ad-insights/',
    title: 'Ad insights',
    nav: 'insights',
    area: 'dashboards',
    screen: 'dashboard-ad-insights',
    description: 'Explains which ads work and why, from their results and their creative content.',
  },
  {
    path: 'dashboard/creative-features/',
    title: 'Creative features dashboard',
    area: 'dashboards',
    screen: 'dashboard-creative-features',
    description:
      'The creative features that raise and lower a metric most, with their lift and its interval.',
  },
  {
    path: 'dashboard/detailed-report/',
    title: 'Detailed report',
    nav: 'report',
    area: 'dashboards',
    screen: 'dashboard-detailed-report',
    description: 'A detailed, filterable table of ad results that can be exported.',
  },
  {
    path: 'dashboard/top-bottom-ads/',
    title: 'Top and bottom ads',
    nav: 'ranking',
    area: 'dashboards',
    screen: 'dashboard-top-bottom-ads',
    description: 'The best and the worst performing ads for a chosen metric and period.',
  },
  {
    path: 'dashboard/dpa-performance/',
    title: 'DPA performance',
    nav: 'dpa',
    area: 'dashboards',
    screen: 'dpa-overview',
    description: 'Results of dynamic product ads, broken down by ad, item, item group and category.',
  },
  {
    path: 'dashboard/dpa-performance/ads/',
    title: 'DPA performance: ads',
    area: 'dashboards',
    screen: 'dpa-ads',
    description: 'Results of each dynamic product (catalogue) ad, and what it shows.',
  },
  {
    path: 'dashboard/dpa-performance/catalog_ads/',
    title: 'DPA performance: catalogue ads',
    area: 'dashboards',
    screen: 'dpa-ads',
    description: 'Results of the catalogue ads that show the plain catalogue image.',
  },
  {
    path: 'dashboard/dpa-performance/enhancement_ads/',
    title: 'DPA performance: enhancement ads',
    area: 'dashboards',
    screen: 'dpa-ads',
    description:
      'Results of the catalogue ads that show Adloom creatives (a feed’s images made from a template).',
  },
  {
    path: 'dashboard/dpa-performance/items/',
    title: 'DPA performance: items',
    area: 'dashboards',
    screen: 'dpa-items',
    description: 'Results of each catalogue item across dynamic product ads.',
  },
  {
    path: 'dashboard/dpa-performance/item-groups/',
    title: 'DPA performance: item groups',
    area: 'dashboards',
    screen: 'dpa-items',
    description: 'Results of each item group (for example all sizes of one product).',
  },
  {
    path: 'dashboard/dpa-performance/categories/',
    title: 'DPA performance: categories',
    area: 'dashboards',
    screen: 'dpa-items',
    description: 'Results of each product category.',
  },

  // Products, templates, catalogues and feeds
  {
    path: 'products/',
    title: 'Products',
    nav: 'products',
    area: 'products',
    screen: 'products',
    description: 'The starting point for product advertising: catalogues, templates and generated feeds.',
  },
  {
    path: 'products/templates/',
    title: 'Templates',
    nav: 'templates',
    area: 'products',
    screen: 'templates',
    description: 'The ad templates of the workspace, used to generate ads from product feeds.',
  },
  {
    path: 'products/templates/create/',
    title: 'New template',
    area: 'products',
    screen: 'template-create',
    description: 'Opens the template builder on a new, empty template.',
  },
  {
    path: 'products/templates/library/',
    title: 'Template library',
    nav: 'library',
    area: 'products',
    screen: 'template-library',
    description: 'Ready-made templates filtered by tags such as aspect ratio, style and industry.',
  },
  {
    path: 'products/templates/:id/',
    title: 'Template builder',
    area: 'products',
    screen: 'template',
    description: 'Designs an image template with dynamic slots for product images, logos, copy and ratings.',
  },
  {
    path: 'catalogs/',
    title: 'Catalogues',
    nav: 'catalogs',
    area: 'products',
    screen: 'catalogs',
    description: 'The product catalogues imported from CSV, TSV or XML feeds.',
  },
  {
    path: 'catalogs/new/',
    title: 'New catalogue',
    area: 'products',
    screen: 'catalog-create',
    description: 'Imports a product catalogue from a feed URL or a file.',
  },
  {
    path: 'catalogs/:id/',
    title: 'Catalogue',
    area: 'products',
    screen: 'catalog',
    description:
      'The items and product sets of one catalogue, searchable, with a dialog to create a product set.',
  },
  {
    path: 'feeds/:id/',
    title: 'Feed',
    area: 'products',
    screen: 'feed',
    description: 'One generated feed: a product set combined with designs, with its generation progress.',
  },
  {
    path: 'feeds/:id/creatives/',
    title: 'Feed creatives',
    area: 'products',
    screen: 'feed-creatives',
    description: 'The ads generated for each item of the feed, with their statuses.',
  },
  {
    path: 'feeds/:id/preview/',
    title: 'Feed preview',
    area: 'products',
    screen: 'feed-preview',
    description: 'Previews the feed as ad networks will fetch it.',
  },
  {
    path: 'feeds/:id/design/:designId/',
    title: 'Feed design',
    area: 'products',
    screen: 'feed-design',
    description: 'One design of the feed: its template version, slot features and matching rule.',
  },

  // Content & copy
  {
    path: 'copy-generation/',
    title: 'Copy generation',
    nav: 'copy',
    area: 'content',
    screen: placeholder,
    description: 'Generates ad copy (headlines, primary texts, descriptions) in the brand’s tone of voice.',
  },
  {
    path: 'copy-generation/:id/',
    title: 'Generated copy',
    area: 'content',
    screen: placeholder,
    description: 'Reviews, edits and exports one set of generated copy.',
  },
  {
    path: 'content/',
    title: 'Content',
    nav: 'content',
    area: 'content',
    screen: placeholder,
    description: 'The images and videos the workspace uses in its ads, organised in folders.',
  },
  {
    path: 'content/onboarding/',
    title: 'Content onboarding',
    area: 'content',
    screen: placeholder,
    description: 'Guides a new workspace through importing its first content.',
  },
  {
    path: 'content/onboarding-landing/',
    title: 'Content onboarding start',
    area: 'content',
    screen: placeholder,
    description: 'Introduces the content area before onboarding starts.',
  },
  {
    path: 'content/folder/',
    title: 'Content folders',
    area: 'content',
    screen: placeholder,
    description: 'The folders that group the workspace’s content.',
  },
  {
    path: 'content/folder/:id/',
    title: 'Content folder',
    area: 'content',
    screen: placeholder,
    description: 'The content of one folder.',
  },
  {
    path: 'user-generated-content-creation/',
    title: 'User-generated content',
    nav: 'ugc',
    area: 'content',
    screen: placeholder,
    description: 'Creates user-generated-style video content from product information.',
  },

  // Video & brand
  {
    path: 'video-ads/',
    title: 'Video ads',
    nav: 'video',
    area: 'video',
    screen: placeholder,
    description: 'Generates video ads from products, brand assets and copy.',
  },
  {
    path: 'brand-kit/',
    title: 'Brand kit',
    nav: 'brand',
    area: 'video',
    screen: 'brand-kit',
    description:
      'The brand’s logos, colours, fonts, audio, disclaimers and guides, used by templates and ads.',
  },
  {
    path: 'campaigns/detailed-report/',
    title: 'Campaign report',
    navLabel: 'Campaigns',
    nav: 'campaigns',
    area: 'video',
    screen: 'dashboard-detailed-report',
    description: 'A detailed report of campaign delivery and results, by campaign, ad set and ad.',
  },

  // Audiences & segmentation
  {
    path: 'audiences/',
    title: 'Audiences',
    nav: 'audiences',
    area: 'audiences',
    screen: placeholder,
    description: 'The audiences of the workspace, built from conversions, models and customer data.',
  },
  {
    path: 'audiences/create/conversions-lookalike-audience/',
    title: 'New conversions lookalike audience',
    area: 'audiences',
    screen: placeholder,
    description: 'Creates a lookalike audience from the people who converted.',
  },
  {
    path: 'audiences/create/model-based-audience/',
    title: 'New model-based audience',
    area: 'audiences',
    screen: placeholder,
    description: 'Creates an audience from the scores of a predictive model.',
  },
  {
    path: 'audiences/model-based/',
    title: 'Model-based audiences',
    area: 'audiences',
    screen: placeholder,
    description: 'The audiences built from predictive model scores.',
  },
  {
    path: 'audiences/abc/',
    title: 'ABC audiences',
    area: 'audiences',
    screen: placeholder,
    description: 'Customers grouped into A, B and C tiers by their value.',
  },
  {
    path: 'audiences/lifecycle/',
    title: 'Lifecycle audiences',
    area: 'audiences',
    screen: placeholder,
    description: 'Customers grouped by their lifecycle stage, from new to lapsed.',
  },
  {
    path: 'audiences/personality/',
    title: 'Personality audiences',
    area: 'audiences',
    screen: placeholder,
    description:
      'Customers grouped by persona type, such as reliable plan makers or experimental fun seekers.',
  },
  {
    path: 'audiences/custom/',
    title: 'Custom audiences',
    area: 'audiences',
    screen: placeholder,
    description: 'Audiences uploaded or defined by hand.',
  },
  {
    path: 'segmentation-report/',
    title: 'Segmentation report',
    nav: 'segments',
    area: 'audiences',
    screen: placeholder,
    description: 'How the customer base splits into segments and how the segments change.',
  },
  {
    path: 'segmentation-report/segments/',
    title: 'Segments',
    area: 'audiences',
    screen: placeholder,
    description: 'The size and value of each customer segment.',
  },
  {
    path: 'segmentation-report/migration/',
    title: 'Segment migration',
    area: 'audiences',
    screen: placeholder,
    description: 'How customers move between segments from one period to the next.',
  },
  {
    path: 'segmentation-report/behaviour-statistics/',
    title: 'Behaviour statistics',
    area: 'audiences',
    screen: placeholder,
    description: 'Purchase behaviour statistics of each segment.',
  },
  {
    path: 'segmentation-report/about/',
    title: 'About the segmentation',
    area: 'audiences',
    screen: placeholder,
    description: 'Explains how the segments are computed.',
  },

  // Models & datasets
  {
    path: 'models/',
    title: 'Models',
    nav: 'models',
    area: 'models',
    screen: placeholder,
    description: 'Predictive models trained on the workspace’s datasets.',
  },
  {
    path: 'models/archived/',
    title: 'Archived models',
    area: 'models',
    screen: placeholder,
    description: 'Models that are no longer in use.',
  },
  {
    path: 'models/train/',
    title: 'Train a model',
    area: 'models',
    screen: placeholder,
    description: 'Trains a new predictive model from a dataset.',
  },
  {
    path: 'models/:id/',
    title: 'Model',
    area: 'models',
    screen: placeholder,
    description: 'One predictive model and its quality.',
  },
  {
    path: 'models/:id/demographics/',
    title: 'Model demographics',
    area: 'models',
    screen: placeholder,
    description: 'The demographics of the people the model scores highest.',
  },
  {
    path: 'models/:id/personality/',
    title: 'Model personality',
    area: 'models',
    screen: placeholder,
    description: 'The persona types of the people the model scores highest.',
  },
  {
    path: 'models/:id/overview/',
    title: 'Model overview',
    area: 'models',
    screen: placeholder,
    description: 'A summary of the model: its inputs, its training and its results.',
  },
  {
    path: 'models/:id/score/',
    title: 'Model scores',
    area: 'models',
    screen: placeholder,
    description: 'Scores a dataset with the model.',
  },
  {
    path: 'models/:id/score/:scoreId/download/',
    title: 'Download scores',
    area: 'models',
    screen: placeholder,
    description: 'Downloads the scores of one scoring run.',
  },
  {
    path: 'datasets/',
    title: 'Datasets',
    nav: 'datasets',
    area: 'models',
    screen: placeholder,
    description: 'The customer datasets uploaded to the workspace.',
  },
  {
    path: 'datasets/:id/enrich/',
    title: 'Enrich dataset',
    area: 'models',
    screen: placeholder,
    description: 'Adds demographic and personality data to a dataset.',
  },
  {
    path: 'datasets/:id/overview/',
    title: 'Dataset overview',
    area: 'models',
    screen: placeholder,
    description: 'The columns, size and quality of one dataset.',
  },
  {
    path: 'datasets/:id/download/',
    title: 'Download dataset',
    area: 'models',
    screen: placeholder,
    description: 'Downloads one dataset.',
  },
  {
    path: 'datasets/report/:id/',
    title: 'Dataset report',
    area: 'models',
    screen: placeholder,
    description: 'A report on the people in one dataset.',
  },
  {
    path: 'datasets/report/:id/demographics/',
    title: 'Dataset report: demographics',
    area: 'models',
    screen: placeholder,
    description: 'The demographics of the people in one dataset.',
  },

  // Creative features
  {
    path: 'creative-features/',
    title: 'Creative features',
    nav: 'features',
    area: 'creative-features',
    screen: 'creative-features',
    description:
      'The features of the workspace’s creatives (layout, logo, texts, colours, brightness) and the lift of ads that have them.',
  },
  {
    path: 'creative-features/:id/',
    title: 'Creative feature',
    area: 'creative-features',
    screen: 'creative-feature',
    description: 'One creative feature and the ads that contain it.',
  },

  // Integrations
  {
    path: 'integrations/',
    title: 'Integrations',
    nav: 'integrations',
    area: 'integrations',
    screen: 'integrations',
    description:
      'Connects the workspace to Facebook and other platforms; also the Facebook integration page.',
  },
  {
    path: 'integrations/shopify/',
    title: 'Shopify integration',
    area: 'integrations',
    screen: placeholder,
    description: 'Connects a Shopify store to import products and orders.',
  },
  {
    path: 'integrations/klaviyo/',
    title: 'Klaviyo integration',
    area: 'integrations',
    screen: placeholder,
    description: 'Connects Klaviyo to sync audiences and customer data.',
  },

  // Assistant
  {
    path: 'sage/',
    title: 'Sage',
    navLabel: 'Sage assistant',
    nav: 'assistant',
    area: 'assistant',
    screen: placeholder,
    description: 'A chat assistant that answers questions about the workspace’s advertising.',
  },

  // Account
  {
    path: 'users/',
    title: 'Users',
    nav: 'users',
    area: 'account',
    screen: 'users',
    allowedWhenExpired: true,
    description: 'Invite people to the workspace, manage admins and deactivate members.',
  },
  {
    path: 'users/inactive/',
    title: 'Inactive users',
    area: 'account',
    screen: 'users',
    allowedWhenExpired: true,
    description: 'Members who were deactivated, who can be reactivated.',
  },
  {
    path: 'users/audit-log/',
    title: 'Audit log',
    area: 'account',
    screen: 'users',
    allowedWhenExpired: true,
    description:
      'What happened in the workspace and who did it: role changes, removals, deletions, exports, export-token rotations and staff sign-ins.',
  },
  {
    path: 'billing/',
    title: 'Billing',
    nav: 'billing',
    area: 'account',
    screen: placeholder,
    allowedWhenExpired: true,
    description: 'Payment details and invoices of the workspace, through the card payment provider.',
  },
  {
    path: 'billing/success/',
    title: 'Payment received',
    area: 'account',
    screen: placeholder,
    allowedWhenExpired: true,
    description: 'Confirms a successful payment.',
  },
  {
    path: 'subscriptions/',
    title: 'Subscriptions',
    nav: 'subscriptions',
    area: 'account',
    screen: placeholder,
    allowedWhenExpired: true,
    description: 'The plans available to the workspace and its current subscription.',
  },
  {
    path: 'plan-expired/',
    title: 'Plan expired',
    area: 'account',
    screen: 'plan-expired',
    allowedWhenExpired: true,
    description: 'Explains that the workspace’s plan has expired and how to renew it.',
  },
  {
    path: 'unauthorized/',
    title: 'No access',
    area: 'account',
    screen: 'unauthorized',
    allowedWhenExpired: true,
    skipsMembershipCheck: true,
    description: 'Shown when the signed-in user is not a member of the workspace.',
  },
];

/** Whether a route's screen is built: every other route shows the placeholder ("coming soon" in the sidebar). */
export function isBuilt(route: ClientRoute): boolean {
  return route.screen !== placeholder;
}

/** The sidebar's built areas of the product loop (not the account pages): where a placeholder sends people. */
export function workingAreaRoutes(): ClientRoute[] {
  return clientRoutes.filter((route) => route.nav && isBuilt(route) && route.area !== 'account');
}

/** Signed-out and onboarding pages (absolute paths). */
export const authRoutes = [
  { path: '/login/', title: 'Sign in' },
  { path: '/login/local/', title: 'Sign in with email' },
  { path: '/login/forgot/', title: 'Reset your password' },
  { path: '/login/reset/', title: 'Choose a new password' },
  { path: '/register/', title: 'Create account' },
  { path: '/register/verify/', title: 'Verify your email' },
  { path: '/register/client/', title: 'Create a workspace' },
  { path: '/register/linking/', title: 'Invitation' },
  { path: '/register/limited/', title: 'No workspace yet' },
  { path: '/register/issue/', title: 'Sign-in problem' },
] as const;

/** The signed-in user's own pages (not a workspace's): reached from the account menu. */
export const accountRoutes = [{ path: '/account/', title: 'Account settings' }] as const;

/** Staff portal pages: paths below `/portal/` like the client routes (`:id` is a client id). */
export const portalRoutes = [
  { path: 'clients/', title: 'Clients' },
  { path: 'client-create/', title: 'New client' },
  { path: 'clients/:id/', title: 'Client' },
  { path: 'clients/:id/features/', title: 'Client features' },
  { path: 'clients/:id/msa/', title: 'Client MSA' },
  { path: 'outbox/', title: 'Outbox' },
  { path: 'audit-log/', title: 'Audit log' },
] as const;

/** The URL of a client route, with its `:params` filled in. */
export function clientUrl(clientId: string, path: string, params: Record<string, string> = {}): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? `:${name}`));
  return `/clients/${encodeURIComponent(clientId)}/${filled}`;
}
