import { Redirect, Route, Switch } from 'wouter';
import { adminDashboardPage, notFoundPage } from '#web/pages.ts';

/** Everything under /admin; paths here are relative to it ("~/" leaves the nest). */
export function AdminRoutes() {
  return (
    <Switch>
      <Route path="/dashboard" component={adminDashboardPage.Component} />
      <Route path="/">
        <Redirect to="/dashboard" replace />
      </Route>
      <Route component={notFoundPage.Component} />
    </Switch>
  );
}
