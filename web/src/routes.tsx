import { Route, Switch } from 'wouter';
import { AdminRoutes } from './features/admin/admin-routes.tsx';
import { adminLoginPage, confirmEmailPage, dashboardPage, homePage, loginPage, notFoundPage, registerPage } from './pages.ts';

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={homePage.Component} />
      <Route path="/login" component={loginPage.Component} />
      <Route path="/register" component={registerPage.Component} />
      <Route path="/register/:userId" component={registerPage.Component} />
      <Route path="/admin-login" component={adminLoginPage.Component} />
      <Route path="/dashboard" component={dashboardPage.Component} />
      <Route path="/confirm-email" component={confirmEmailPage.Component} />
      <Route path="/admin" nest>
        <AdminRoutes />
      </Route>
      <Route component={notFoundPage.Component} />
    </Switch>
  );
}
