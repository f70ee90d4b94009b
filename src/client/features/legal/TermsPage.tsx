import { TERMS_OF_SERVICE } from './legalContent';
import { LegalPage } from './LegalPage';

/** The terms of service (/terms-and-service). */
export function TermsPage() {
  return <LegalPage content={TERMS_OF_SERVICE} />;
}
