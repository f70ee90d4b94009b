import { SimplePage } from '@client/components/SimplePage';

/** The password help page (/forgot-password). */
export function ForgotPasswordPage() {
  return <SimplePage title="Forgot your password?" intro="We will help you get back into your account." />;
}
