import { Redirect, Route, Switch } from 'wouter';
import {
  adminAuditPage,
  adminAccessLogPage,
  adminStaffPage,
  adminReplayChecksPage,
  adminContentPage,
  adminBankStatementsPage,
  adminDashboardPage,
  adminDisbursementsPage,
  adminDonationDetailPage,
  adminDonationsPage,
  adminFailedJobsPage,
  adminFinanceExportsPage,
  adminHelpDisputesPage,
  adminHelpQueuePage,
  adminHelpRequestPage,
  adminKanyadanApplicationPage,
  adminKanyadanQueuePage,
  adminMemberDetailPage,
  adminMembersPage,
  adminMessagesPage,
  adminOfflineDonationPage,
  adminSecurityPage,
  adminSettingsPage,
} from './admin-pages.ts';
import { notFoundPage } from '#web/pages.ts';

/** Everything under /admin; paths here are relative to it ("~/" leaves the nest). */
export default function AdminRoutes() {
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
      <Route path="/help" component={adminHelpQueuePage.Component} />
      {/* Before /help/:id, which would take "disputes" for a request's number. */}
      <Route path="/help/disputes" component={adminHelpDisputesPage.Component} />
      <Route path="/help/:id" component={adminHelpRequestPage.Component} />
      <Route path="/disbursements" component={adminDisbursementsPage.Component} />
      <Route path="/audit" component={adminAuditPage.Component} />
      <Route path="/access-log" component={adminAccessLogPage.Component} />
      <Route path="/staff" component={adminStaffPage.Component} />
      <Route path="/replay" component={adminReplayChecksPage.Component} />
      <Route path="/">
        <Redirect to="/dashboard" replace />
      </Route>
      <Route component={notFoundPage.Component} />
    </Switch>
  );
}
