import { Redirect, Route, Switch } from 'wouter';
import { LEGACY_LINKS } from '@sahay/server/modules/site/legacy-links.schema';
import { lazyPage } from './lib/lazy-page.tsx';
import { askHelpPage, confirmEmailPage, dashboardPage, directJoiningPage, epinDashboardPage, levelTreePage, myFundraisersPage, myHelpPage, myHelpRequestPage, notFoundPage, profilePage, publicRoutes, staffInvitationPage, startFundraiserPage } from './pages.ts';

/** The admin console, its routes and its pages' definitions in a chunk of their own: public pages never load them. */
const adminArea = lazyPage(() => import('./features/admin/admin-routes.tsx'));

export function AppRoutes() {
  return (
    <Switch>
      {/* The original site's links, followed inside the app: where the server would redirect them (PRODUCT.md §3). */}
      {LEGACY_LINKS.map((link) => (
        <Route key={link.pattern.source} path={link.pattern}>
          <Redirect to={link.to} replace />
        </Route>
      ))}
      {publicRoutes.map((route) => (
        <Route key={route.pattern} path={route.pattern} component={route.page.Component} />
      ))}
      <Route path="/dashboard" component={dashboardPage.Component} />
      <Route path="/direct-joining" component={directJoiningPage.Component} />
      <Route path="/LevelTree" component={levelTreePage.Component} />
      <Route path="/epin-dashboard" component={epinDashboardPage.Component} />
      <Route path="/profile" component={profilePage.Component} />
      <Route path="/confirm-email" component={confirmEmailPage.Component} />
      <Route path="/staff-invitation" component={staffInvitationPage.Component} />
      <Route path="/my-help" component={myHelpPage.Component} />
      <Route path="/my-help/new" component={askHelpPage.Component} />
      <Route path="/my-help/:id" component={myHelpRequestPage.Component} />
      <Route path="/my-fundraisers" component={myFundraisersPage.Component} />
      <Route path="/my-fundraisers/new" component={startFundraiserPage.Component} />
      <Route path="/admin" nest component={adminArea.Component} />
      <Route component={notFoundPage.Component} />
    </Switch>
  );
}
