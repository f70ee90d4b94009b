import { PRIVACY_POLICY } from './legalContent';
import { LegalPage } from './LegalPage';

/** The privacy policy (/privacy-policy). */
export function PrivacyPage() {
  return <LegalPage content={PRIVACY_POLICY} />;
}
