import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { loadBuilderScreen } from '../features/builder';
import { LandingRedirect } from '../features/session/LandingRedirect';
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
      const { UsersScreen } = await import('../features/users/UsersScreen');
      return { element: <UsersScreen route={route} /> };
    }
    case 'plan-expired': {
      const { PlanExpiredScreen } = await import('../features/account/PlanExpiredScreen');
      return { element: <PlanExpiredScreen route={route} /> };
    }
    case 'unauthorized': {
      const { UnauthorizedScreen } = await import('../features/account/UnauthorizedScreen');
      return { element: <UnauthorizedScreen route={route} /> };
    }
    case 'products': {
      const [{ ProductsHubScreen }, { FeedsHubSection }] = await Promise.all([
        import('../features/templates/ProductsHubScreen'),
        import('../features/feeds/FeedsHubSection'),
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
      const { FeedScreen } = await import('../features/feeds/FeedScreen');
      return { element: <FeedScreen route={route} /> };
    }
    case 'feed-creatives': {
      const { FeedCreativesScreen } = await import('../features/feeds/FeedCreativesScreen');
      return { element: <FeedCreativesScreen route={route} /> };
    }
    case 'feed-preview': {
      const { FeedPreviewScreen } = await import('../features/feeds/FeedPreviewScreen');
      return { element: <FeedPreviewScreen route={route} /> };
    }
    case 'feed-design': {
      const { FeedDesignScreen } = await import('../features/feeds/FeedDesignScreen');
      return { element: <FeedDesignScreen route={route} /> };
    }
    case 'templates': {
      const { TemplatesScreen } = await import('../features/templates/TemplatesScreen');
      return { element: <TemplatesScreen route={route} /> };
    }
    case 'template-create': {
      const { BuilderScreen } = await loadBuilderScreen();
      return { element: <BuilderScreen route={route} /> };
    }
    case 'template-library': {
      const { LibraryScreen } = await import('../features/templates/LibraryScreen');
      return { element: <LibraryScreen route={route} /> };
    }
    case 'template': {
      const { BuilderScreen } = await loadBuilderScreen();
      return { element: <BuilderScreen route={route} /> };
    }
    case 'catalogs': {
      const { CatalogsScreen } = await import('../features/catalogs/CatalogsScreen');
      return { element: <CatalogsScreen route={route} /> };
    }
    case 'catalog-create': {
      const { NewCatalogScreen } = await import('../features/catalogs/NewCatalogScreen');
      return { element: <NewCatalogScreen route={route} /> };
    }
    case 'catalog': {
      const { CatalogScreen } = await import('../features/catalogs/CatalogScreen');
      return { element: <CatalogScreen route={route} /> };
    }
    case 'brand-kit': {
      const { BrandKitScreen } = await import('../features/brand-kit/BrandKitScreen');
      return { element: <BrandKitScreen route={route} /> };
    }
    case 'placeholder': {
      const { PlaceholderScreen } = await import('../features/placeholder/PlaceholderScreen');
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
        lazy: screen(() => import('../features/auth/LoginChoiceScreen'), 'LoginChoiceScreen'),
      },
      {
        path: 'login/local',
        lazy: screen(() => import('../features/auth/LocalLoginScreen'), 'LocalLoginScreen'),
      },
      {
        path: 'login/forgot',
        lazy: screen(() => import('../features/auth/ForgotPasswordScreen'), 'ForgotPasswordScreen'),
      },
      {
        path: 'login/reset',
        lazy: screen(() => import('../features/auth/ResetPasswordScreen'), 'ResetPasswordScreen'),
      },
      {
        path: 'register',
        lazy: screen(() => import('../features/registration/RegisterScreen'), 'RegisterScreen'),
      },
      {
        path: 'register/verify',
        lazy: screen(() => import('../features/registration/VerifyEmailScreen'), 'VerifyEmailScreen'),
      },
      {
        path: 'register/client',
        lazy: screen(() => import('../features/registration/CreateWorkspaceScreen'), 'CreateWorkspaceScreen'),
      },
      {
        path: 'register/linking',
        lazy: screen(() => import('../features/registration/InvitationScreen'), 'InvitationScreen'),
      },
      {
        path: 'register/limited',
        lazy: screen(() => import('../features/registration/LimitedAccessScreen'), 'LimitedAccessScreen'),
      },
      {
        path: 'register/issue',
        lazy: screen(() => import('../features/registration/SignInIssueScreen'), 'SignInIssueScreen'),
      },
      {
        path: 'portal',
        lazy: screen(() => import('../features/portal/PortalLayout'), 'PortalLayout'),
        children: [
          { index: true, element: <Navigate to="/portal/clients/" replace /> },
          {
            path: 'clients',
            lazy: screen(() => import('../features/portal/PortalClientsScreen'), 'PortalClientsScreen'),
          },
          {
            path: 'client-create',
            lazy: screen(
              () => import('../features/portal/PortalCreateClientScreen'),
              'PortalCreateClientScreen',
            ),
          },
          {
            path: 'clients/:id',
            lazy: screen(() => import('../features/portal/PortalClientScreen'), 'PortalClientScreen'),
          },
          {
            path: 'clients/:id/features',
            lazy: screen(
              () => import('../features/portal/PortalClientFeaturesScreen'),
              'PortalClientFeaturesScreen',
            ),
          },
          {
            path: 'clients/:id/msa',
            lazy: screen(() => import('../features/portal/PortalClientMsaScreen'), 'PortalClientMsaScreen'),
          },
          { path: 'outbox', lazy: screen(() => import('../features/portal/OutboxScreen'), 'OutboxScreen') },
          {
            path: 'audit-log',
            lazy: screen(() => import('../features/portal/PortalAuditLogScreen'), 'PortalAuditLogScreen'),
          },
          { path: '*', lazy: notFoundPanel },
        ],
      },
      {
        path: 'account',
        lazy: screen(() => import('../features/account/AccountLayout'), 'AccountLayout'),
        children: [
          {
            index: true,
            lazy: screen(() => import('../features/account/AccountSettingsScreen'), 'AccountSettingsScreen'),
          },
          { path: '*', lazy: notFoundPanel },
        ],
      },
      { path: 'clients', element: <Navigate to="/" replace /> },
      {
        path: 'clients/:clientId',
        lazy: screen(() => import('../features/clients/ClientLayout'), 'ClientLayout'),
        children: [
          { index: true, lazy: screen(() => import('../features/clients/ClientLanding'), 'ClientLanding') },
          ...clientRoutes.map(clientRouteObject),
          { path: '*', lazy: notFoundPanel },
        ],
      },
      { path: '*', lazy: screen(() => import('./NotFoundScreen'), 'NotFoundScreen') },
    ],
  },
];

export const router = createBrowserRouter(routeObjects);
