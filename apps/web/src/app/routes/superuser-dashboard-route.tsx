import { SuperuserDashboardPage } from '@/features/access-requests/pages/superuser-dashboard-page';
import { AuditChainCard } from '@/features/audit/components/audit-chain-card';
import { AuditLogTable } from '@/features/audit/components/audit-log-table';
import { ContactInbox } from '@/features/contact/components/contact-inbox';
import { StaffPanel } from '@/features/staff/components/staff-panel';
import { StaffTwoFactorCard } from '@/features/two-factor/components/staff-two-factor-card';

const extraTabs = [
  { id: 'contact', label: 'Contact Messages', panel: <ContactInbox /> },
  { id: 'audit', label: 'Audit Log', panel: <AuditLogTable /> },
  { id: 'staff', label: 'Staff', panel: <StaffPanel /> },
];

/**
 * /superuser-dashboard: the audit chain's state; which staff have not set up two-factor authentication; access requests, staff, the contact
 * inbox and the audit log.
 */
export function SuperuserDashboardRoute() {
  return (
    <SuperuserDashboardPage
      extraTabs={extraTabs}
      overview={
        <>
          <AuditChainCard />
          <StaffTwoFactorCard />
        </>
      }
    />
  );
}
