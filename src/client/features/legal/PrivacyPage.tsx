import { LegalPage } from './LegalPage';
import { PRIVACY_POLICY } from './legalContent';

/** The privacy policy (/privacy-policy). */
export function PrivacyPage() {
  return <LegalPage content={PRIVACY_POLICY} />;
}
