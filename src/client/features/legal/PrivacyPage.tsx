import { SimplePage } from '@client/components/SimplePage';

/** The privacy policy (/privacy-policy). */
export function PrivacyPage() {
  return <SimplePage title="Privacy Policy" intro="What we collect, why, and the choices you have." />;
}
