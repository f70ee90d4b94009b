import { SimplePage } from '@client/components/SimplePage';

/** The login page (/login). */
export function LoginPage() {
  return <SimplePage title="Login" intro="Welcome back. Sign in to see your ad accounts in one place." />;
}
