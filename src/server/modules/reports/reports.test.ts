import { createHash } from 'node:crypto';

import { type RunningSandbox, startSandbox } from '@sandbox/sandbox';
import { type CampaignPage, type DashboardView } from '@shared/api/dashboard';
import type { FirstPartyView } from '@shared/api/firstParty';
import {
  type Report,
  REPORT_MESSAGES,
  REPORT_SECTIONS,
  REPORT_VALIDATION,
  type ReportData,
  type ReportSectionData,
  type ReportShare,
  type ReportShareCreated,
  type ReportSharedView,
} from '@shared/api/reports';
import { WORKSPACE_HEADER, WORKSPACE_MESSAGES } from '@shared/api/workspaces';
import { type Platform, PLATFORM_LABELS } from '@shared/constants';
import { addDays, isoDay } from '@shared/days';
import { FIRST_PARTY_HEADING, platformClaimSentences, windowsSentence } from '@shared/firstPartyFormat';
import { reportCount, reportMoney, reportPercent } from '@shared/reportFormat';
import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';

import { reports, reportShares, users, workspaceBranding } from '../../db/schema';
import { sandboxSettings } from '../../platforms/settings';
import { buildTestApp, type TestApp } from '../../test/buildTestApp';
import { connectionOf, connectVia } from '../../test/connect';
import { signUp, type TestUser } from '../../test/factories';
import { recordingRuntime } from '../../test/platforms';
import { SYNCED_SETUP_TIMEOUT_MS, syncedTenant } from '../../test/tenants';
import { call, joinAs, memberCalls, personalWorkspaceOf } from '../workspaces/workspaces.fixtures';

type SectionOf<K extends ReportSectionData['key']> = Extract<ReportSectionData, { key: K }>;
const sectionOf = <K extends ReportSectionData['key']>(data: ReportData, key: K) =>
  data.sections.find((s) => s.key === key) as SectionOf<K>;

describe('client reports: build, preview, PDF and share links', () => {
  let t: TestApp;
  let sandbox: RunningSandbox;
  let owner: TestUser;
  let workspace: string;
  let client: TestUser;
  let viewer: TestUser;
  const today = isoDay(new Date());
  // Well inside the 90 synced days, whatever the accounts' time zones.
  const range = { from: addDays(today, -20), to: addDays(today, -7) };
  const everything = {
    name: 'Acme weekly',
    sections: [...REPORT_SECTIONS],
    period: 'custom',
    ...range,
    currency: 'EUR',
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 31, sleep: async () => {} });
    t = await buildTestApp({
      workers: false,
      platformRuntime: recordingRuntime(),
      config: { platforms: sandboxSettings(sandbox.url), sandbox: { mode: 'external', url: sandbox.url } },
    });
    // Google's first account bills in USD; Meta's second in INR: the report converts both to its currency, as the dashboard does.
    const tenant = await syncedTenant(t, sandbox, 'google', 0);
    owner = tenant.user;
    await connectVia(t.app, owner, 'meta', { accountIds: [sandbox.world.accounts('meta')[1].id] });
    expect(await t.app.services.sync.syncConnection((await connectionOf(t.app, owner, 'meta')).id)).toMatchObject({
      status: 'done',
    });
    workspace = await personalWorkspaceOf(t.app, owner);
    client = await joinAs(t.app, owner, workspace, 'client', 'Cleo Client');
    viewer = await joinAs(t.app, owner, workspace, 'viewer', 'Vera Viewer');
  }, SYNCED_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  const as = (user: TestUser) => memberCalls(t.app, user, workspace);
  const create = async (payload: object = everything): Promise<Report> => {
    const res = await as(owner).post('reports/', payload);
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  const rowCount = async () => (await t.app.ctx.db.select({ id: reports.id }).from(reports)).length;
  const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();

  it('saves a report (name, ordered sections, period, currency) and lists, reads, changes and deletes it', async () => {
    const report = await create({ ...everything, sections: ['campaigns', 'headline'], currency: 'usd' });
    expect(report).toMatchObject({
      name: 'Acme weekly',
      sections: ['campaigns', 'headline'],
      period: 'custom',
      from: range.from,
      to: range.to,
      currency: 'USD',
    });
    expect((await as(client).get('reports/')).json()).toEqual(expect.arrayContaining([report]));
    expect((await as(client).get(`reports/${report.id}/`)).json()).toEqual(report);

    const changed = await as(owner).put(`reports/${report.id}/`, {
      name: 'Acme monthly',
      sections: ['chart'],
      period: 'last_month',
      from: '2020-01-01',
      currency: 'INR',
    });
    expect(changed.statusCode).toBe(200);
    // A period that is not custom keeps no days of its own.
    expect(changed.json()).toMatchObject({
      id: report.id,
      name: 'Acme monthly',
      sections: ['chart'],
      period: 'last_month',
      from: null,
      to: null,
      currency: 'INR',
    });

    expect((await as(owner).del(`reports/${report.id}/`)).statusCode).toBe(204);
    expect((await as(owner).get(`reports/${report.id}/`)).json()).toMatchObject({ detail: REPORT_MESSAGES.notFound });
    expect((await as(owner).del(`reports/${report.id}/`)).statusCode).toBe(404);
  });

  it('refuses bad input with a 400 naming the problem, and saves nothing', async () => {
    const before = await rowCount();
    const cases: [object, string, string][] = [
      [{ ...everything, name: '  ' }, 'name', REPORT_VALIDATION.nameRequired],
      [{ ...everything, name: 'x'.repeat(121) }, 'name', REPORT_VALIDATION.nameTooLong],
      [{ ...everything, sections: [] }, 'sections', REPORT_VALIDATION.sectionsRequired],
      [
        { ...everything, sections: ['headline', 'horoscope'] },
        'sections',
        REPORT_VALIDATION.unknownSection('horoscope'),
      ],
      [
        { ...everything, sections: ['chart', 'headline', 'chart'] },
        'sections',
        REPORT_VALIDATION.duplicateSection('chart'),
      ],
      [{ ...everything, period: 'yesterday' }, 'period', REPORT_VALIDATION.badPeriod],
      [{ ...everything, from: undefined }, 'from', REPORT_VALIDATION.customNeedsFrom],
      [{ ...everything, to: '2030-02-30' }, 'to', 'Dates must look like YYYY-MM-DD.'],
      [
        { ...everything, from: range.to, to: range.from },
        'from',
        'Please choose a valid date range (from on or before to, at most 366 days).',
      ],
      [{ ...everything, to: addDays(today, 2) }, 'to', REPORT_MESSAGES.futurePeriod],
      [{ ...everything, currency: 'XYZ' }, 'currency', REPORT_VALIDATION.badCurrency],
    ];
    for (const [payload, field, detail] of cases) {
      const res = await as(owner).post('reports/', payload);
      expect({ payload, status: res.statusCode, field: res.json().field, detail: res.json().detail }).toEqual({
        payload,
        status: 400,
        field,
        detail,
      });
    }
    const report = await create();
    const refusedChange = await as(owner).put(`reports/${report.id}/`, { ...everything, to: addDays(today, 40) });
    expect(refusedChange.json()).toMatchObject({ field: 'to', detail: REPORT_MESSAGES.futurePeriod });
    expect((await as(owner).get(`reports/${report.id}/`)).json()).toEqual(report);
    expect(await rowCount()).toBe(before + 1);
  });

  it('lets owners and managers change reports; viewers and clients read and preview them', async () => {
    const report = await create();
    const before = await rowCount();
    for (const member of [viewer, client]) {
      expect((await as(member).post('reports/', { name: '' })).json()).toMatchObject({
        detail: WORKSPACE_MESSAGES.notAllowed,
      });
      expect((await as(member).put(`reports/${report.id}/`, everything)).statusCode).toBe(403);
      expect((await as(member).del(`reports/${report.id}/`)).statusCode).toBe(403);
      expect((await as(member).post(`reports/${report.id}/share/`)).statusCode).toBe(403);
      expect((await as(member).get(`reports/${report.id}/preview/`)).statusCode).toBe(200);
    }
    expect(await rowCount()).toBe(before);
    // Another workspace's report is unknown here.
    const stranger = await signUp(t.app);
    expect((await call(t.app, stranger, 'GET', `reports/${report.id}/preview/`)).json()).toMatchObject({
      detail: REPORT_MESSAGES.notFound,
    });
    expect((await call(t.app, stranger, 'GET', 'reports/')).json()).toEqual([]);
  });

  it('shows exactly the dashboard’s figures for the same period and currency', async () => {
    const report = await create();
    const res = await as(owner).get(`reports/${report.id}/preview/`);
    expect(res.statusCode).toBe(200);
    const data: ReportData = res.json();
    expect(data.sections.map((s) => s.key)).toEqual([...REPORT_SECTIONS]);
    expect(data.period).toMatchObject({ kind: 'custom', from: range.from, to: range.to, days: 14 });

    const filters = { ...range, currency: 'EUR' };
    const dashboard: DashboardView = (await as(owner).get(`dashboard/?${qs(filters)}`)).json();
    expect(dashboard.summary.spend).toBeGreaterThan(0);
    // Conversions are the platforms' own, under the windows the dashboard names; no first-party days yet.
    expect(sectionOf(data, 'headline')).toEqual({
      key: 'headline',
      title: 'Headline figures',
      summary: dashboard.summary,
      previous: dashboard.previous,
      change: dashboard.change,
      attribution: dashboard.attribution,
      first_party: null,
    });
    expect(
      sectionOf(data, 'headline')
        .attribution!.map((entry) => entry.platform)
        .sort(),
    ).toEqual(['google', 'meta']);
    expect(sectionOf(data, 'chart').series).toEqual(dashboard.series);
    expect(data.previous_period).toEqual(dashboard.previous_range);
    expect(data.unconverted_currencies).toEqual(dashboard.unconverted_currencies);

    // Each platform's row is the dashboard filtered to that platform.
    const platforms = sectionOf(data, 'platforms').rows;
    expect(platforms.map((row) => row.platform)).toEqual(dashboard.platforms);
    for (const row of platforms) {
      const filtered: DashboardView = (
        await as(owner).get(`dashboard/?${qs({ ...filters, platform: row.platform })}`)
      ).json();
      expect({ platform: row.platform, totals: row.totals }).toEqual({
        platform: row.platform,
        totals: filtered.summary,
      });
    }

    // Every campaign row is the dashboard's row of that campaign; the top ones lead the dashboard sorted by conversions.
    const page: CampaignPage = (
      await as(owner).get(
        `dashboard/campaigns/?${qs({ ...filters, sort: 'conversions', order: 'desc', page_size: '100' })}`,
      )
    ).json();
    const { top, bottom } = sectionOf(data, 'campaigns');
    expect(top.length).toBeGreaterThan(0);
    for (const row of [...top, ...bottom]) expect(row).toEqual(page.items.find((item) => item.id === row.id));
    expect(top.map((row) => row.conversions)).toEqual(page.items.slice(0, top.length).map((item) => item.conversions));
    expect(bottom.every((row) => !top.some((other) => other.id === row.id) && row.spend > 0)).toBe(true);

    // Ads: each one as the dashboard's drill-down shows it.
    const ads = sectionOf(data, 'ads');
    expect(ads.top.length).toBeGreaterThan(0);
    const [firstAd] = ads.top;
    const campaign = page.items.find(
      (item) => item.name === firstAd.campaign_name && item.platform === firstAd.platform,
    )!;
    const drill = (await as(owner).get(`dashboard/campaigns/${campaign.id}/ads/?${qs(filters)}`)).json();
    const { platform: _platform, campaign_name: _campaign, ...shown } = firstAd;
    expect(drill.items.find((ad: { ad_id: string }) => ad.ad_id === firstAd.ad_id)).toEqual(shown);
  }, 60_000);

  it('renders the report as a branded A4 PDF whose text carries the figures', async () => {
    const saved = await as(owner).put('workspace/branding/', { name: 'Northwind Agency', primary_color: '#1a4fa0' });
    expect(saved.statusCode).toBe(200);
    const report = await create();
    const data: ReportData = (await as(owner).get(`reports/${report.id}/preview/`)).json();
    expect(data.brand).toEqual({ name: 'Northwind Agency', primary_color: '#1a4fa0', logo_url: null });

    const res = await as(client).get(`reports/${report.id}/pdf/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="acme-weekly-${range.from}-to-${range.to}.pdf"`,
    );
    const pdf = new Uint8Array(res.rawPayload);
    const { text, totalPages } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(totalPages).toBeGreaterThanOrEqual(1);
    expect(flat).toContain('Northwind Agency');
    expect(flat).toContain('Acme weekly');
    const { summary } = sectionOf(data, 'headline');
    for (const figure of [
      reportMoney(summary.spend, 'EUR'),
      reportCount(summary.impressions),
      reportPercent(summary.ctr),
      reportCount(summary.conversions),
    ])
      expect(flat).toContain(figure);
    for (const row of sectionOf(data, 'platforms').rows) {
      expect(flat).toContain(PLATFORM_LABELS[row.platform as Platform]);
      expect(flat).toContain(reportMoney(row.totals.spend, 'EUR'));
    }
    expect(flat).toContain(sectionOf(data, 'campaigns').top[0].name);
    for (const label of [
      'Spend, CTR and conversions',
      'Top and bottom campaigns',
      'Budget pacing',
      'What we did, and did it work',
    ])
      expect(flat).toContain(label);
    // The chart is vector drawing in the page, not an image.
    expect(Buffer.from(pdf).includes(Buffer.from('/Subtype /Image'))).toBe(false);

    // An SVG logo (react-pdf draws no SVG) is in the header as an image.
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 10"><rect width="40" height="10" fill="#1a4fa0"/></svg>';
    expect(
      (
        await as(owner).put('workspace/branding/', {
          name: 'Northwind Agency',
          primary_color: '#1a4fa0',
          logo: Buffer.from(svg).toString('base64'),
        })
      ).statusCode,
    ).toBe(200);
    const branded = await as(client).get(`reports/${report.id}/pdf/`);
    expect(branded.rawPayload.includes(Buffer.from('/Subtype /Image'))).toBe(true);
  }, 60_000);

  it('never fails the PDF for a logo: one stored before the size check is drawn small, one that cannot be drawn is left out and logged', async () => {
    const report = await create({ ...everything, sections: ['headline'] });
    const brandingRow = eq(workspaceBranding.workspaceId, workspace);
    const [before] = await t.app.ctx.db.select().from(workspaceBranding).where(brandingRow);
    expect(before?.logo).toBeTruthy();
    // Straight into the row, past the upload's checks, as logos saved before them were.
    const store = (logo: Buffer, logoType: 'image/png' | 'image/svg+xml') =>
      t.app.ctx.db
        .update(workspaceBranding)
        .set({
          logo,
          logoType,
          logoSha256: createHash('sha256').update(logo).digest('hex'),
          logoWidth: null,
          logoHeight: null,
        })
        .where(brandingRow);
    const pdf = async () => {
      const res = await as(client).get(`reports/${report.id}/pdf/`);
      expect(res.statusCode).toBe(200);
      const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
      expect(text).toContain('Northwind Agency');
      return { hasImage: res.rawPayload.includes(Buffer.from('/Subtype /Image')) };
    };
    const warn = jest.spyOn(t.app.log, 'warn');
    const logoWarnings = () =>
      (warn.mock.calls as unknown[][]).filter(([, message]) => String(message).includes('logo'));
    try {
      // sharp's pixel limit made this one a 500 at density 300.
      await store(
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
        ),
        'image/svg+xml',
      );
      expect(await pdf()).toEqual({ hasImage: true });
      expect(logoWarnings()).toEqual([]);

      const broken = [
        [
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"><rect width="1" height="1"/></svg>',
          ),
          'image/svg+xml',
        ],
        [
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="900000" height="900000"><rect width="1" height="1"/></svg>',
          ),
          'image/svg+xml',
        ],
        [Buffer.from('not a PNG, whatever the row says'), 'image/png'],
      ] as const;
      for (const [bytes, type] of broken) {
        warn.mockClear();
        await store(bytes, type);
        expect({ type, ...(await pdf()) }).toEqual({ type, hasImage: false });
        const logged = logoWarnings();
        expect(logged).toHaveLength(1);
        expect(logged[0][0]).toMatchObject({ workspaceId: workspace, logoType: type });
        const line = JSON.stringify(logged[0]);
        for (const secret of [
          bytes.toString('base64'),
          bytes.toString('utf8'),
          createHash('sha256').update(bytes).digest('hex'),
          t.config.appSecret,
        ])
          expect(line).not.toContain(secret);
      }
    } finally {
      warn.mockRestore();
      await t.app.ctx.db.update(workspaceBranding).set(before).where(brandingRow);
    }
  }, 60_000);

  it('shares the report by a signed link anyone can read, over the days it covered, until it expires or is revoked', async () => {
    const report = await create({ ...everything, sections: ['headline', 'platforms'] });
    const created = await as(owner).post(`reports/${report.id}/share/`);
    expect(created.statusCode).toBe(201);
    const link: ReportShareCreated = created.json();
    expect(link).toMatchObject({
      url: `${t.config.publicUrl}/shared/reports/${link.token}`,
      from: range.from,
      to: range.to,
    });
    expect(new Date(link.expires_at).getTime() - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
    const [row] = await t.app.ctx.db.select().from(reportShares).where(eq(reportShares.id, link.id));
    expect(JSON.stringify(row)).not.toContain(link.token.split('.')[1]);

    const open = await t.app.inject({ method: 'GET', url: `/api/shared/reports/${link.token}/` });
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('no-store');
    const view: ReportSharedView = open.json();
    const preview: ReportData = (await as(owner).get(`reports/${report.id}/preview/`)).json();
    expect(view.sections).toEqual(preview.sections);
    expect(view).toMatchObject({
      expires_at: link.expires_at,
      period: { from: range.from, to: range.to },
      report: { name: report.name },
    });
    expect(open.body).not.toContain(workspace);
    // The logo comes inline: its own URL would name the workspace.
    expect(view.brand.logo_url).toMatch(/^data:image\/svg\+xml;base64,/);

    const listed: ReportShare[] = (await as(owner).get(`reports/${report.id}/shares/`)).json();
    expect(listed).toEqual([
      {
        id: link.id,
        url: link.url,
        created_at: expect.any(String),
        expires_at: link.expires_at,
        from: range.from,
        to: range.to,
      },
    ]);

    // Forged, tampered, or a creative link's token for the same id: unknown.
    const [id, signature] = link.token.split('.');
    for (const token of [`${id}.${signature.slice(0, -2)}AA`, id, 'garbage', `${crypto.randomUUID()}.${signature}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/shared/reports/${encodeURIComponent(token)}/` });
      expect({ token, status: res.statusCode, detail: res.json().detail }).toEqual({
        token,
        status: 404,
        detail: REPORT_MESSAGES.linkNotFound,
      });
    }
    expect((await as(owner).post(`reports/${report.id}/share/`, { expires_in_days: 91 })).json()).toMatchObject({
      field: 'expires_in_days',
      detail: REPORT_VALIDATION.badShareDays,
    });

    expect((await as(viewer).del(`reports/shares/${link.id}/`)).statusCode).toBe(403);
    expect((await as(owner).del(`reports/shares/${link.id}/`)).statusCode).toBe(204);
    const revoked = await t.app.inject({ method: 'GET', url: `/api/shared/reports/${link.token}/` });
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json()).toEqual({ detail: REPORT_MESSAGES.linkRevoked, code: 'gone' });
    expect((await as(owner).get(`reports/${report.id}/shares/`)).json()).toEqual([]);

    const other: ReportShareCreated = (
      await as(owner).post(`reports/${report.id}/share/`, { expires_in_days: 7 })
    ).json();
    await t.app.ctx.db
      .update(reportShares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reportShares.id, other.id));
    const expired = await t.app.inject({ method: 'GET', url: `/api/shared/reports/${other.token}/` });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ detail: REPORT_MESSAGES.linkExpired, code: 'gone' });

    // Deleting the report ends its links.
    const third: ReportShareCreated = (await as(owner).post(`reports/${report.id}/share/`)).json();
    // Once the workspace's trial is over without a plan, its links say so in a visitor's words, and show nothing.
    const [{ trialEndsAt }] = await t.app.ctx.db
      .select({ trialEndsAt: users.trialEndsAt })
      .from(users)
      .where(eq(users.email, owner.email));
    await t.app.ctx.db
      .update(users)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(users.email, owner.email));
    const paused = await t.app.inject({ method: 'GET', url: `/api/shared/reports/${third.token}/` });
    await t.app.ctx.db.update(users).set({ trialEndsAt }).where(eq(users.email, owner.email));
    expect(paused.statusCode).toBe(403);
    expect(paused.json()).toEqual({ detail: REPORT_MESSAGES.linkPaused, code: 'forbidden' });
    expect((await as(owner).del(`reports/${report.id}/`)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/shared/reports/${third.token}/` })).statusCode).toBe(404);
  });

  it("sets the workspace's own numbers beside the platforms' in the headline, the page's words in the PDF", async () => {
    // Every day of the period from the shop: 10 orders and 500.00 EUR of revenue a day.
    const days = Array.from({ length: 14 }, (_, index) => addDays(range.from, index));
    const csv = ['day,conversions,revenue,currency', ...days.map((day) => `${day},10,500.00,EUR`)].join('\n');
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/first-party/import/',
      headers: { ...owner.auth, [WORKSPACE_HEADER]: workspace, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(imported.statusCode).toBe(200);

    const report = await create({ ...everything, sections: ['headline'] });
    const data: ReportData = (await as(owner).get(`reports/${report.id}/preview/`)).json();
    const ownView: FirstPartyView = (await as(owner).get(`first-party/?${qs({ ...range, currency: 'EUR' })}`)).json();
    const headline = sectionOf(data, 'headline');
    // The dashboard's figures exactly: 140 conversions and 7,000 EUR over the 14 days covered.
    expect(headline.first_party).toEqual(ownView.firstParty);
    expect(headline.first_party).toMatchObject({ days_covered: 14, conversions: 140, revenue: 7000 });
    expect(headline.first_party!.mer).toBeCloseTo(7000 / headline.first_party!.spend, 2);

    const res = await as(client).get(`reports/${report.id}/pdf/`);
    expect(res.statusCode).toBe(200);
    const flat = (await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text.replace(/\s+/g, ' ');
    for (const words of [
      'Platform-reported',
      'May count a conversion more than once',
      windowsSentence(headline.attribution!)!,
      FIRST_PARTY_HEADING,
      'Blended CPA',
      'MER',
      'Days covered',
      '14 of 14',
    ])
      expect(flat).toContain(words);
    for (const sentence of platformClaimSentences(headline.first_party!)) expect(flat).toContain(sentence);
  }, 60_000);
});
