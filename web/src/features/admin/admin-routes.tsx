import { Redirect, Route, Switch } from 'wouter';
import { donationsStaffRoutes } from '#web/features/donations/admin/staff-routes.ts';
import { fundraisersStaffRoutes } from '#web/features/fundraisers/admin/staff-routes.ts';
import { helpStaffRoutes } from '#web/features/help/admin/staff-routes.ts';
import { kanyadanStaffRoutes } from '#web/features/kanyadan/admin/staff-routes.ts';
import { siteStaffRoutes } from '#web/features/site/admin/staff-routes.ts';
import { notFoundPage } from '#web/pages.ts';
import { adminStaffRoutes } from './admin-pages.ts';

/**
 * Every staff screen: the console's own and each feature's (features/<feature>/admin/staff-routes.ts).
 * No two features share a first segment, so the order between the lists does not matter; inside
 * one, a fixed segment comes before a parameter.
 */
const STAFF_ROUTES = [...adminStaffRoutes, ...siteStaffRoutes, ...donationsStaffRoutes, ...kanyadanStaffRoutes, ...helpStaffRoutes, ...fundraisersStaffRoutes];

/** Everything under /admin; paths here are relative to it ("~/" leaves the nest). */
export default function AdminRoutes() {
  return (
    <Switch>
      {STAFF_ROUTES.map((route) => (
        <Route key={route.path} path={route.path} component={route.page.Component} />
      ))}
      <Route path="/">
        <Redirect to="/dashboard" replace />
      </Route>
      <Route component={notFoundPage.Component} />
    </Switch>
  );
}
