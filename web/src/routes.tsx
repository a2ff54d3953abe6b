import { Route, Switch } from 'wouter';
import { AdminRoutes } from './features/admin/admin-routes.tsx';
import { confirmEmailPage, dashboardPage, directJoiningPage, epinDashboardPage, levelTreePage, notFoundPage, profilePage, publicRoutes } from './pages.ts';

export function AppRoutes() {
  return (
    <Switch>
      {publicRoutes.map((route) => (
        <Route key={route.pattern} path={route.pattern} component={route.page.Component} />
      ))}
      <Route path="/dashboard" component={dashboardPage.Component} />
      <Route path="/direct-joining" component={directJoiningPage.Component} />
      <Route path="/LevelTree" component={levelTreePage.Component} />
      <Route path="/epin-dashboard" component={epinDashboardPage.Component} />
      <Route path="/profile" component={profilePage.Component} />
      <Route path="/confirm-email" component={confirmEmailPage.Component} />
      <Route path="/admin" nest>
        <AdminRoutes />
      </Route>
      <Route component={notFoundPage.Component} />
    </Switch>
  );
}
