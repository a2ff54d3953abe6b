import { Redirect, Route, Switch } from 'wouter';
import {
  adminContentPage,
  adminBankStatementsPage,
  adminDashboardPage,
  adminDonationDetailPage,
  adminDonationsPage,
  adminFailedJobsPage,
  adminFinanceExportsPage,
  adminKanyadanApplicationPage,
  adminKanyadanQueuePage,
  adminMemberDetailPage,
  adminMembersPage,
  adminMessagesPage,
  adminOfflineDonationPage,
  adminSecurityPage,
  adminSettingsPage,
  notFoundPage,
} from '#web/pages.ts';

/** Everything under /admin; paths here are relative to it ("~/" leaves the nest). */
export function AdminRoutes() {
  return (
    <Switch>
      <Route path="/dashboard" component={adminDashboardPage.Component} />
      <Route path="/settings" component={adminSettingsPage.Component} />
      <Route path="/content" component={adminContentPage.Component} />
      <Route path="/content/:slug" component={adminContentPage.Component} />
      <Route path="/contact" component={adminMessagesPage.Component} />
      <Route path="/contact/:id" component={adminMessagesPage.Component} />
      <Route path="/members" component={adminMembersPage.Component} />
      <Route path="/members/:userId" component={adminMemberDetailPage.Component} />
      <Route path="/security" component={adminSecurityPage.Component} />
      <Route path="/jobs" component={adminFailedJobsPage.Component} />
      <Route path="/donations" component={adminDonationsPage.Component} />
      <Route path="/donations/offline" component={adminOfflineDonationPage.Component} />
      <Route path="/donations/:reference" component={adminDonationDetailPage.Component} />
      <Route path="/exports" component={adminFinanceExportsPage.Component} />
      <Route path="/bank-statements" component={adminBankStatementsPage.Component} />
      <Route path="/kanyadan" component={adminKanyadanQueuePage.Component} />
      <Route path="/kanyadan/:regNo" component={adminKanyadanApplicationPage.Component} />
      <Route path="/">
        <Redirect to="/dashboard" replace />
      </Route>
      <Route component={notFoundPage.Component} />
    </Switch>
  );
}
