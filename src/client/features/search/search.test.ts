import { searchPages } from './search';
import type { SearchEntry } from './searchIndex';

const index: SearchEntry[] = [
  { title: 'Pricing', path: '/pricing', description: 'Plans', keywords: ['plans', 'billing'] },
  { title: 'Careers', path: '/careers', description: 'Jobs', keywords: ['jobs', 'internship'] },
];

describe('searchPages', () => {
  it('matches title, keywords and path, ignoring case', () => {
    expect(searchPages('PRIC', index).map((entry) => entry.title)).toEqual(['Pricing']);
    expect(searchPages('Intern', index).map((entry) => entry.title)).toEqual(['Careers']);
    expect(searchPages('/care', index).map((entry) => entry.title)).toEqual(['Careers']);
  });

  it('finds nothing for an empty or unmatched query', () => {
    expect(searchPages('   ', index)).toEqual([]);
    expect(searchPages('zebra', index)).toEqual([]);
  });

  it('searches the public pages by default', () => {
    expect(searchPages('tiktok').map((entry) => entry.path)).toEqual(['/integrations']);
  });
});
