import { LegalPage } from './LegalPage';
import { TERMS_OF_SERVICE } from './legalContent';

/** The terms of service (/terms-and-service). */
export function TermsPage() {
  return <LegalPage content={TERMS_OF_SERVICE} />;
}
