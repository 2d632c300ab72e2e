import { ForgotPasswordPage } from '@/features/accounts/pages/forgot-password-page';
import { StaffResetForm } from '@/features/mail/components/staff-reset-form';

/** /forgot-password: reporters' honest answer, and staff's reset link by email. */
export function ForgotPasswordRoute() {
  return (
    <ForgotPasswordPage>
      <StaffResetForm />
    </ForgotPasswordPage>
  );
}
