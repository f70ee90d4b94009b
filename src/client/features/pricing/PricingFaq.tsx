import { FaqAccordion, type FaqItem } from '@client/components/FaqAccordion';
import { PageSection } from '@client/components/PageSection';
import { PLATFORM_LABELS, PLATFORMS, YEARLY_DISCOUNT_PCT } from '@shared/constants';
import { MARKETING_FACTS } from '@shared/marketing';

const PLATFORM_NAMES = PLATFORMS.map((platform) => PLATFORM_LABELS[platform]);

/** The pricing questions people ask most, with answers true to the plans. */
const QUESTIONS: readonly FaqItem[] = [
  {
    question: 'How does the free trial work?',
    answer: `Pro comes with a ${MARKETING_FACTS.trialText}. No card is needed, so nothing is charged when it ends; we e-mail you a reminder a day before it does.`,
  },
  {
    question: 'How does annual billing work?',
    answer: `You pay for twelve months at once and save ${YEARLY_DISCOUNT_PCT}% on Pro. The price per month shown with Yearly is what each month costs you, rounded to whole rupees.`,
  },
  {
    question: 'What counts as an ad account?',
    answer: `Each account you connect from ${PLATFORM_NAMES.slice(0, -1).join(', ')} or ${PLATFORM_NAMES.at(-1)} counts as one. Starter covers one account, Pro five, and Agency twenty or more.`,
  },
  {
    question: 'Which currency are the prices in?',
    answer: 'All prices are in Indian rupees (₹).',
  },
];

/** A short pricing FAQ; each answer opens under its question (MUI wraps each summary in an h3 and each answer in a labelled region). */
export function PricingFaq() {
  return (
    <PageSection title="Pricing questions">
      <FaqAccordion items={QUESTIONS} />
    </PageSection>
  );
}
