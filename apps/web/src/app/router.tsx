import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { loadBuilderScreen } from '../features/builder';
import {
  loadAccountLayout,
  loadAccountSettingsScreen,
  loadPlanExpiredScreen,
  loadUnauthorizedScreen,
} from '../features/account';
import {
  loadForgotPasswordScreen,
  loadLocalLoginScreen,
  loadLoginChoiceScreen,
  loadResetPasswordScreen,
} from '../features/auth';
import { loadBrandKitScreen } from '../features/brand-kit';
import { loadCatalogScreen, loadCatalogsScreen, loadNewCatalogScreen } from '../features/catalogs';
import { loadClientLanding, loadClientLayout } from '../features/clients';
import {
  loadAdInsightsScreen,
  loadCreativeFeatureScreen,
  loadCreativeFeaturesDashboardScreen,
  loadCreativeFeaturesScreen,
  loadDetailedReportScreen,
  loadDpaAdsScreen,
  loadDpaItemsScreen,
  loadDpaOverviewScreen,
  loadOverviewScreen,
  loadPerformanceScreen,
  loadTopBottomAdsScreen,
} from '../features/dashboards';
import {
  loadFeedCreativesScreen,
  loadFeedDesignScreen,
  loadFeedPreviewScreen,
  loadFeedScreen,
  loadFeedsHubSection,
} from '../features/feeds';
import { loadIntegrationsScreen } from '../features/integrations';
import { loadPlaceholderScreen } from '../features/placeholder';
import {
  loadOutboxScreen,
  loadPortalAuditLogScreen,
  loadPortalClientFeaturesScreen,
  loadPortalClientMsaScreen,
  loadPortalClientScreen,
  loadPortalClientsScreen,
  loadPortalCreateClientScreen,
  loadPortalLayout,
} from '../features/portal';
import {
  loadCreateWorkspaceScreen,
  loadInvitationScreen,
  loadLimitedAccessScreen,
  loadRegisterScreen,
  loadSignInIssueScreen,
  loadVerifyEmailScreen,
} from '../features/registration';
import { loadLibraryScreen, loadProductsHubScreen, loadTemplatesScreen } from '../features/templates';
import { loadUsersScreen } from '../features/users';
import { LandingRedirect } from '../features/session';
import { RootLayout } from './RootLayout';
import { RouteErrorScreen } from './RouteErrorScreen';
import { type ClientRoute, clientRoutes } from './routes';
import type { ClientRouteHandle } from './clientRouteHandle';

/** A route whose screen module loads on first visit; `name` is the component the module exports. */
function screen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): () => Promise<{ Component: ComponentType }> {
  return async () => ({ Component: (await load())[name] });
}

async function loadClientScreen(route: ClientRoute): Promise<{ element: ReactNode }> {
  switch (route.screen) {
    case 'users': {
      const { UsersScreen } = await loadUsersScreen();
      return { element: <UsersScreen route={route} /> };
    }
    case 'plan-expired': {
      const { PlanExpiredScreen } = await loadPlanExpiredScreen();
      return { element: <PlanExpiredScreen route={route} /> };
    }
    case 'unauthorized': {
      const { UnauthorizedScreen } = await loadUnauthorizedScreen();
      return { element: <UnauthorizedScreen route={route} /> };
    }
    case 'products': {
      const [{ ProductsHubScreen }, { FeedsHubSection }] = await Promise.all([
        loadProductsHubScreen(),
        loadFeedsHubSection(),
      ]);
      return {
        element: (
          <>
            <ProductsHubScreen route={route} />
            <FeedsHubSection />
          </>
        ),
      };
    }
    case 'feed': {
      const { FeedScreen } = await loadFeedScreen();
      return { element: <FeedScreen route={route} /> };
    }
    case 'feed-creatives': {
      const { FeedCreativesScreen } = await loadFeedCreativesScreen();
      return { element: <FeedCreativesScreen route={route} /> };
    }
    case 'feed-preview': {
      const { FeedPreviewScreen } = await loadFeedPreviewScreen();
      return { element: <FeedPreviewScreen route={route} /> };
    }
    case 'feed-design': {
      const { FeedDesignScreen } = await loadFeedDesignScreen();
      return { element: <FeedDesignScreen route={route} /> };
    }
    case 'templates': {
      const { TemplatesScreen } = await loadTemplatesScreen();
      return { element: <TemplatesScreen route={route} /> };
    }
    case 'template-create': {
      const { BuilderScreen } = await loadBuilderScreen();
      return { element: <BuilderScreen route={route} /> };
    }
    case 'template-library': {
      const { LibraryScreen } = await loadLibraryScreen();
      return { element: <LibraryScreen route={route} /> };
    }
    case 'template': {
      const { BuilderScreen } = await loadBuilderScreen();
      return { element: <BuilderScreen route={route} /> };
    }
    case 'catalogs': {
      const { CatalogsScreen } = await loadCatalogsScreen();
      return { element: <CatalogsScreen route={route} /> };
    }
    case 'catalog-create': {
      const { NewCatalogScreen } = await loadNewCatalogScreen();
      return { element: <NewCatalogScreen route={route} /> };
    }
    case 'catalog': {
      const { CatalogScreen } = await loadCatalogScreen();
      return { element: <CatalogScreen route={route} /> };
    }
    case 'brand-kit': {
      const { BrandKitScreen } = await loadBrandKitScreen();
      return { element: <BrandKitScreen route={route} /> };
    }
    case 'integrations': {
      const { IntegrationsScreen } = await loadIntegrationsScreen();
      return { element: <IntegrationsScreen route={route} /> };
    }
    case 'dashboard-overview': {
      const { OverviewScreen } = await loadOverviewScreen();
      return { element: <OverviewScreen route={route} /> };
    }
    case 'dashboard-performance': {
      const { PerformanceScreen } = await loadPerformanceScreen();
      return { element: <PerformanceScreen route={route} /> };
    }
    case 'dashboard-ad-insights': {
      const { AdInsightsScreen } = await loadAdInsightsScreen();
      return { element: <AdInsightsScreen route={route} /> };
    }
    case 'dashboard-top-bottom-ads': {
      const { TopBottomAdsScreen } = await loadTopBottomAdsScreen();
      return { element: <TopBottomAdsScreen route={route} /> };
    }
    case 'dashboard-detailed-report': {
      const { DetailedReportScreen } = await loadDetailedReportScreen();
      return { element: <DetailedReportScreen route={route} /> };
    }
    case 'creative-features': {
      const { CreativeFeaturesScreen } = await loadCreativeFeaturesScreen();
      return { element: <CreativeFeaturesScreen route={route} /> };
    }
    case 'creative-feature': {
      const { CreativeFeatureScreen } = await loadCreativeFeatureScreen();
      return { element: <CreativeFeatureScreen route={route} /> };
    }
    case 'dashboard-creative-features': {
      const { CreativeFeaturesDashboardScreen } = await loadCreativeFeaturesDashboardScreen();
      return { element: <CreativeFeaturesDashboardScreen route={route} /> };
    }
    case 'dpa-overview': {
      const { DpaOverviewScreen } = await loadDpaOverviewScreen();
      return { element: <DpaOverviewScreen route={route} /> };
    }
    case 'dpa-ads': {
      const { DpaAdsScreen } = await loadDpaAdsScreen();
      return { element: <DpaAdsScreen route={route} /> };
    }
    case 'dpa-items': {
      const { DpaItemsScreen } = await loadDpaItemsScreen();
      return { element: <DpaItemsScreen route={route} /> };
    }
    case 'placeholder': {
      const { PlaceholderScreen } = await loadPlaceholderScreen();
      return { element: <PlaceholderScreen route={route} /> };
    }
  }
}

function clientRouteObject(route: ClientRoute): RouteObject {
  const handle: ClientRouteHandle = { clientRoute: route };
  return { path: route.path.replace(/\/$/, ''), handle, lazy: () => loadClientScreen(route) };
}

const notFoundPanel = screen(() => import('../components/NotFoundPanel'), 'NotFoundPanel');

export const routeObjects: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteErrorScreen,
    children: [
      { index: true, Component: LandingRedirect },
      {
        path: 'login',
        lazy: screen(loadLoginChoiceScreen, 'LoginChoiceScreen'),
      },
      {
        path: 'login/local',
        lazy: screen(loadLocalLoginScreen, 'LocalLoginScreen'),
      },
      {
        path: 'login/forgot',
        lazy: screen(loadForgotPasswordScreen, 'ForgotPasswordScreen'),
      },
      {
        path: 'login/reset',
        lazy: screen(loadResetPasswordScreen, 'ResetPasswordScreen'),
      },
      {
        path: 'register',
        lazy: screen(loadRegisterScreen, 'RegisterScreen'),
      },
      {
        path: 'register/verify',
        lazy: screen(loadVerifyEmailScreen, 'VerifyEmailScreen'),
      },
      {
        path: 'register/client',
        lazy: screen(loadCreateWorkspaceScreen, 'CreateWorkspaceScreen'),
      },
      {
        path: 'register/linking',
        lazy: screen(loadInvitationScreen, 'InvitationScreen'),
      },
      {
        path: 'register/limited',
        lazy: screen(loadLimitedAccessScreen, 'LimitedAccessScreen'),
      },
      {
        path: 'register/issue',
        lazy: screen(loadSignInIssueScreen, 'SignInIssueScreen'),
      },
      {
        path: 'portal',
        lazy: screen(loadPortalLayout, 'PortalLayout'),
        children: [
          { index: true, element: <Navigate to="/portal/clients/" replace /> },
          {
            path: 'clients',
            lazy: screen(loadPortalClientsScreen, 'PortalClientsScreen'),
          },
          {
            path: 'client-create',
            lazy: screen(loadPortalCreateClientScreen, 'PortalCreateClientScreen'),
          },
          {
            path: 'clients/:id',
            lazy: screen(loadPortalClientScreen, 'PortalClientScreen'),
          },
          {
            path: 'clients/:id/features',
            lazy: screen(loadPortalClientFeaturesScreen, 'PortalClientFeaturesScreen'),
          },
          {
            path: 'clients/:id/msa',
            lazy: screen(loadPortalClientMsaScreen, 'PortalClientMsaScreen'),
          },
          { path: 'outbox', lazy: screen(loadOutboxScreen, 'OutboxScreen') },
          {
            path: 'audit-log',
            lazy: screen(loadPortalAuditLogScreen, 'PortalAuditLogScreen'),
          },
          { path: '*', lazy: notFoundPanel },
        ],
      },
      {
        path: 'account',
        lazy: screen(loadAccountLayout, 'AccountLayout'),
        children: [
          {
            index: true,
            lazy: screen(loadAccountSettingsScreen, 'AccountSettingsScreen'),
          },
          { path: '*', lazy: notFoundPanel },
        ],
      },
      { path: 'clients', element: <Navigate to="/" replace /> },
      {
        path: 'clients/:clientId',
        lazy: screen(loadClientLayout, 'ClientLayout'),
        children: [
          { index: true, lazy: screen(loadClientLanding, 'ClientLanding') },
          ...clientRoutes.map(clientRouteObject),
          { path: '*', lazy: notFoundPanel },
        ],
      },
      { path: '*', lazy: screen(() => import('./NotFoundScreen'), 'NotFoundScreen') },
    ],
  },
];

export const router = createBrowserRouter(routeObjects);
