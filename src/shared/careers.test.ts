import {
  applyMailto,
  CAREERS_NO_FILTERS,
  CAREERS_NO_MATCH_TEXT,
  type CareersFilters,
  filterOpenings,
  JOB_OPENINGS,
  type JobOpening,
  reachOutMailto,
} from './careers';
import { CAREERS_EMAIL, CAREERS_LOCATION_OPTIONS, CAREERS_TYPE_OPTIONS } from './constants';

const titles = (openings: readonly JobOpening[]) => openings.map((opening) => opening.title);
const filter = (filters: Partial<CareersFilters>) =>
  titles(filterOpenings(JOB_OPENINGS, { ...CAREERS_NO_FILTERS, ...filters }));

/** Splits a mailto: link into its address and decoded query fields. */
function parseMailto(href: string) {
  const [address, query] = href.replace(/^mailto:/, '').split('?');
  const fields = Object.fromEntries(
    query.split('&').map((pair) => {
      const [key, value] = pair.split('=');
      return [key, decodeURIComponent(value)];
    }),
  );
  return { address, query, fields };
}

describe('careers', () => {
  it('has the three openings of the spec', () => {
    expect(JOB_OPENINGS).toEqual([
      { title: 'Frontend Developer', type: 'Full-time', location: 'Remote' },
      { title: 'UI/UX Designer', type: 'Internship', location: 'Remote' },
      { title: 'Content & SEO Strategist', type: 'Freelance', location: 'India' },
    ]);
  });

  it('words the no-match text exactly as the spec does', () => {
    expect(CAREERS_NO_MATCH_TEXT).toBe(
      'No open roles match your filters\u2014reach out anyway if you\u0027re excited to work with us.',
    );
  });

  describe('filterOpenings', () => {
    it("shows every opening with an empty search and 'All' filters", () => {
      expect(filter({})).toEqual(['Frontend Developer', 'UI/UX Designer', 'Content & SEO Strategist']);
    });

    it('matches a substring of the title, ignoring case and surrounding spaces', () => {
      expect(filter({ search: 'developer' })).toEqual(['Frontend Developer']);
      expect(filter({ search: 'DESIGN' })).toEqual(['UI/UX Designer']);
      expect(filter({ search: '  seo  ' })).toEqual(['Content & SEO Strategist']);
      expect(filter({ search: 'ui/ux' })).toEqual(['UI/UX Designer']);
      expect(filter({ search: 'e' })).toEqual(['Frontend Developer', 'UI/UX Designer', 'Content & SEO Strategist']);
      expect(filter({ search: '   ' })).toHaveLength(3);
    });

    it('matches the title only, not the type or location', () => {
      expect(filter({ search: 'remote' })).toEqual([]);
      expect(filter({ search: 'internship' })).toEqual([]);
    });

    it.each([
      ['All', ['Frontend Developer', 'UI/UX Designer', 'Content & SEO Strategist']],
      ['Full-time', ['Frontend Developer']],
      ['Internship', ['UI/UX Designer']],
      ['Freelance', ['Content & SEO Strategist']],
    ] as const)('filters type %s exactly', (type, expected) => {
      expect(filter({ type })).toEqual(expected);
    });

    it.each([
      ['All', ['Frontend Developer', 'UI/UX Designer', 'Content & SEO Strategist']],
      ['Remote', ['Frontend Developer', 'UI/UX Designer']],
      ['India', ['Content & SEO Strategist']],
    ] as const)('filters location %s exactly', (location, expected) => {
      expect(filter({ location })).toEqual(expected);
    });

    it('holds every type and location filter together', () => {
      for (const type of CAREERS_TYPE_OPTIONS) {
        for (const location of CAREERS_LOCATION_OPTIONS) {
          const expected = JOB_OPENINGS.filter(
            (opening) =>
              (type === 'All' || opening.type === type) && (location === 'All' || opening.location === location),
          );
          expect(filterOpenings(JOB_OPENINGS, { search: '', type, location })).toEqual(expected);
        }
      }
      expect(filter({ type: 'Internship', location: 'Remote' })).toEqual(['UI/UX Designer']);
      expect(filter({ type: 'Internship', location: 'India' })).toEqual([]);
      expect(filter({ type: 'Freelance', location: 'Remote' })).toEqual([]);
    });

    it('combines the search with both filters', () => {
      expect(filter({ search: 'er', type: 'All', location: 'Remote' })).toEqual([
        'Frontend Developer',
        'UI/UX Designer',
      ]);
      expect(filter({ search: 'er', type: 'Full-time', location: 'Remote' })).toEqual(['Frontend Developer']);
      expect(filter({ search: 'designer', type: 'Full-time', location: 'All' })).toEqual([]);
      expect(filter({ search: 'strategist', type: 'Freelance', location: 'India' })).toEqual([
        'Content & SEO Strategist',
      ]);
      expect(filter({ search: 'strategist', type: 'Freelance', location: 'Remote' })).toEqual([]);
    });

    it('finds nothing for a title no opening has', () => {
      expect(filter({ search: 'astronaut' })).toEqual([]);
    });

    it('leaves the list it was given alone', () => {
      const openings = [...JOB_OPENINGS];
      filterOpenings(openings, { search: 'x', type: 'Freelance', location: 'India' });
      expect(openings).toEqual(JOB_OPENINGS);
    });
  });

  describe('applyMailto', () => {
    it("writes to the careers address with subject 'Application: {title}' and a prefilled body", () => {
      const { address, fields } = parseMailto(applyMailto(JOB_OPENINGS[0]));
      expect(address).toBe(CAREERS_EMAIL);
      expect(fields.subject).toBe('Application: Frontend Developer');
      expect(fields.body.split('\n')).toEqual([
        'Hello Adwise team,',
        '',
        'I would like to apply for the Frontend Developer role.',
        '',
        'Role: Frontend Developer',
        'Type: Full-time',
        'Location: Remote',
        'Portfolio:',
        'LinkedIn:',
        '',
        'A little about me:',
        '',
      ]);
    });

    it('percent-encodes with %20 and %0A, never +, and keeps & and / inside the fields', () => {
      const href = applyMailto(JOB_OPENINGS[2]);
      expect(
        href.startsWith(`mailto:${CAREERS_EMAIL}?subject=Application%3A%20Content%20%26%20SEO%20Strategist&body=`),
      ).toBe(true);
      expect(href).not.toContain('+');
      expect(href).not.toContain(' ');
      expect(href).toContain('%0A');
      const { fields } = parseMailto(href);
      expect(Object.keys(fields)).toEqual(['subject', 'body']);
      expect(fields.subject).toBe('Application: Content & SEO Strategist');
      expect(fields.body).toContain(
        'Role: Content & SEO Strategist\nType: Freelance\nLocation: India\nPortfolio:\nLinkedIn:\n',
      );
      expect(parseMailto(applyMailto(JOB_OPENINGS[1])).fields.subject).toBe('Application: UI/UX Designer');
    });
  });

  describe('reachOutMailto', () => {
    it.each([
      [true, 'Yes'],
      [false, 'No'],
    ])("asks with subject 'General Application' and talent pool opt-in %s as %s", (optIn, answer) => {
      const href = reachOutMailto(optIn);
      expect(href.startsWith(`mailto:${CAREERS_EMAIL}?subject=General%20Application&body=`)).toBe(true);
      expect(href).not.toContain('+');
      const { fields } = parseMailto(href);
      expect(fields.subject).toBe('General Application');
      expect(fields.body.split('\n')).toContain(`Add me to the talent pool: ${answer}`);
      expect(fields.body.split('\n')).not.toContain(`Add me to the talent pool: ${optIn ? 'No' : 'Yes'}`);
    });
  });
});
