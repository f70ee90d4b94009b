import type { DisplayCurrency } from '@shared/api/dashboard';
import { previousRange } from '@shared/api/dashboard';
import { ErrorCode } from '@shared/api/errors';
import {
  type Report,
  REPORT_LIMITS,
  REPORT_MESSAGES,
  type ReportData,
  type ReportPeriodKind,
  type ReportSectionKey,
  type ReportShare,
  type ReportShareCreated,
  type ReportSharedView,
} from '@shared/api/reports';
import { DAY_MS, localDay } from '@shared/days';
import type { ReportInputValidated } from '@shared/validation/reports';
import { isUuid } from '@shared/validation/uuid';
import { createElement } from 'react';

import type { AppContext } from '../../context';
import { badRequest, HttpError, notFound } from '../../lib/httpError';
import { createSignedIdTokens } from '../../lib/shareTokens';
import type { PdfBrand } from '../../pdf/PdfDocument';
import { renderPdf } from '../../pdf/renderPdf';
import { assertDashboardAccess, workspaceEntitlements } from '../access/entitlements';
import type { Principal } from '../access/principal';
import { logoOf } from '../branding/branding.queries';
import type { BrandingService } from '../branding/branding.service';
import { logoPng } from '../branding/logoPng';
import type { BudgetsService } from '../budgets/budgets.service';
import type { FirstPartyService } from '../firstParty/firstParty.service';
import { buildSections } from './report.build';
import { fixedPeriod, type ResolvedPeriod, resolvePeriod } from './report.period';
import { loadReportInputs } from './reports.data';
import { ReportPdf } from './reports.pdf';
import { presentReport, presentShare } from './reports.presenter';
import * as queries from './reports.queries';

const reportNotFound = () => notFound(REPORT_MESSAGES.notFound);

/** A report's file name: its name's letters and digits, and its days. */
export const fileNameOf = (name: string, period: { from: string; to: string }) =>
  `${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'report'
  }-${period.from}-to-${period.to}.pdf`;

/** The id a preview of unsaved edits carries (it is no saved report). */
const DRAFT_ID = 'draft';

/**
 * Client reports (issue 17, first slice): a workspace's report templates, their data (preview),
 * their PDF and their share links. Routes check the role; everything here is by the principal's
 * workspace, and another workspace's id is answered as unknown (404). Schedules, review before
 * send and delivery build on `render` (one report over one period: its data and its PDF).
 */
export function createReportsService(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'log'>,
  deps: {
    budgets: Pick<BudgetsService, 'list'>;
    branding: Pick<BrandingService, 'get'>;
    firstParty: Pick<FirstPartyService, 'figuresOver'>;
  },
) {
  const { db, clock, config } = ctx;
  const tokens = createSignedIdTokens(config.appSecret, 'report-share');
  const shareUrl = (token: string) => `${config.publicUrl}/shared/reports/${token}`;

  async function rowOf(principal: Principal, id: string) {
    const row = isUuid(id) ? await queries.findReport(db, principal.workspaceId, id.toLowerCase()) : undefined;
    if (!row) throw reportNotFound();
    return row;
  }

  /** The workspace's today, in its time zone. */
  async function today(workspaceId: string) {
    return localDay(clock.now(), await queries.workspaceTimeZone(db, workspaceId));
  }

  /** A custom period may not end after the workspace's today (400 on `to`, nothing saved). */
  async function fieldsOf(principal: Principal, input: ReportInputValidated) {
    const custom = input.period === 'custom';
    if (custom && input.to! > (await today(principal.workspaceId)))
      throw badRequest(REPORT_MESSAGES.futurePeriod, 'to');
    return {
      name: input.name,
      sections: input.sections,
      period: input.period,
      periodFrom: custom ? input.from! : null,
      periodTo: custom ? input.to! : null,
      currency: input.currency,
    };
  }

  async function brandOf(principal: Principal): Promise<{ data: ReportData['brand']; pdf: () => Promise<PdfBrand> }> {
    const branding = await deps.branding.get(principal);
    const data = { name: branding.name, primary_color: branding.primary_color, logo_url: branding.logo?.url ?? null };
    return {
      data,
      async pdf() {
        // react-pdf draws PNG (and JPEG), not SVG: an SVG logo is drawn as PNG.
        return {
          name: data.name,
          color: data.primary_color,
          logo: branding.logo ? await logoPng(db, principal.workspaceId, ctx.log) : null,
        };
      },
    };
  }

  /** One report over one period: its data, and its brand for the PDF. */
  async function render(principal: Principal, row: queries.ReportRow, period: ResolvedPeriod) {
    const sections = row.sections as ReportSectionKey[];
    const currency = row.currency as DisplayCurrency;
    const [{ inputs, unconverted }, brand] = await Promise.all([
      loadReportInputs(db, deps, principal, { currency, period, sections }),
      brandOf(principal),
    ]);
    const data: ReportData = {
      report: { id: row.id, name: row.name, currency },
      brand: brand.data,
      period: { kind: period.kind, label: period.label, from: period.from, to: period.to, days: period.days },
      previous_period: previousRange(period.from, period.to),
      sections: buildSections(sections, inputs),
      unconverted_currencies: unconverted,
      generated_at: clock.now().toISOString(),
    };
    return { data, brand };
  }

  async function periodOf(row: queries.ReportRow): Promise<ResolvedPeriod> {
    return resolvePeriod(
      row.period as ReportPeriodKind,
      { from: row.periodFrom, to: row.periodTo },
      await today(row.workspaceId),
    );
  }

  async function pdfOf(data: ReportData, brand: () => Promise<PdfBrand>) {
    return renderPdf(createElement(ReportPdf, { data, brand: await brand() }));
  }

  return {
    render,

    /** A report over a period as a scheduled run sends it: its data, its PDF and the PDF's name. */
    async draft(principal: Principal, row: queries.ReportRow, period: ResolvedPeriod) {
      const { data, brand } = await render(principal, row, period);
      const pdfBrand = await brand.pdf();
      return {
        data,
        pdf: await renderPdf(createElement(ReportPdf, { data, brand: pdfBrand })),
        fileName: fileNameOf(row.name, period),
      };
    },

    /** The PDF of data made earlier (a reviewed draft, with its comment), in the workspace's branding as it is now. */
    async pdfOfData(principal: Principal, data: ReportData) {
      const pdfBrand = await (await brandOf(principal)).pdf();
      return renderPdf(createElement(ReportPdf, { data, brand: pdfBrand }));
    },

    /** POST reports/preview/: the report as the builder's unsaved values would make it (nothing is saved). */
    async previewDraft(principal: Principal, input: ReportInputValidated): Promise<ReportData> {
      const fields = await fieldsOf(principal, input);
      await assertDashboardAccess(db, principal.workspaceId, clock.now());
      const now = clock.now();
      const row: queries.ReportRow = {
        ...fields,
        id: DRAFT_ID,
        workspaceId: principal.workspaceId,
        createdBy: principal.userId,
        createdAt: now,
        updatedAt: now,
      };
      return (await render(principal, row, await periodOf(row))).data;
    },

    /** GET reports/. */
    async list(principal: Principal): Promise<Report[]> {
      return (await queries.listReports(db, principal.workspaceId)).map(presentReport);
    },

    /** POST reports/. */
    async create(principal: Principal, input: ReportInputValidated): Promise<Report> {
      const fields = await fieldsOf(principal, input);
      if ((await queries.countReports(db, principal.workspaceId)) >= REPORT_LIMITS.perWorkspace)
        throw new HttpError(409, REPORT_MESSAGES.tooMany, ErrorCode.Conflict);
      const now = clock.now();
      return presentReport(
        await queries.insertReport(db, {
          ...fields,
          workspaceId: principal.workspaceId,
          createdBy: principal.userId,
          createdAt: now,
          updatedAt: now,
        }),
      );
    },

    /** GET reports/<id>/. */
    async get(principal: Principal, id: string): Promise<Report> {
      return presentReport(await rowOf(principal, id));
    },

    /** PUT reports/<id>/. */
    async update(principal: Principal, id: string, input: ReportInputValidated): Promise<Report> {
      const row = await rowOf(principal, id);
      const fields = await fieldsOf(principal, input);
      const saved = await queries.updateReport(db, principal.workspaceId, row.id, {
        ...fields,
        updatedAt: clock.now(),
      });
      if (!saved) throw reportNotFound();
      return presentReport(saved);
    },

    /** DELETE reports/<id>/. */
    async remove(principal: Principal, id: string): Promise<void> {
      if (!isUuid(id) || !(await queries.deleteReport(db, principal.workspaceId, id.toLowerCase())))
        throw reportNotFound();
    },

    /** GET reports/<id>/preview/: the figures need dashboard access (a running trial or a paid plan), like the dashboard's. */
    async preview(principal: Principal, id: string): Promise<ReportData> {
      const row = await rowOf(principal, id);
      await assertDashboardAccess(db, principal.workspaceId, clock.now());
      return (await render(principal, row, await periodOf(row))).data;
    },

    /** GET reports/<id>/pdf/. */
    async pdf(principal: Principal, id: string): Promise<{ bytes: Buffer; fileName: string }> {
      const row = await rowOf(principal, id);
      await assertDashboardAccess(db, principal.workspaceId, clock.now());
      const period = await periodOf(row);
      const { data, brand } = await render(principal, row, period);
      return { bytes: await pdfOf(data, brand.pdf), fileName: fileNameOf(row.name, period) };
    },

    /** POST reports/<id>/share/: the link shows the report over the days it covers now. */
    async share(principal: Principal, id: string, days: number): Promise<ReportShareCreated> {
      const row = await rowOf(principal, id);
      await assertDashboardAccess(db, principal.workspaceId, clock.now());
      const period = await periodOf(row);
      const now = clock.now();
      const share = await queries.insertShare(db, {
        reportId: row.id,
        workspaceId: principal.workspaceId,
        periodFrom: period.from,
        periodTo: period.to,
        createdBy: principal.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + days * DAY_MS),
      });
      const token = tokens.sign(share.id);
      return {
        id: share.id,
        url: shareUrl(token),
        token,
        expires_at: share.expiresAt.toISOString(),
        from: share.periodFrom,
        to: share.periodTo,
      };
    },

    /** GET reports/<id>/shares/: the links still open. */
    async shares(principal: Principal, id: string): Promise<ReportShare[]> {
      const row = await rowOf(principal, id);
      const rows = await queries.activeShares(db, principal.workspaceId, row.id, clock.now());
      return rows.map((share) => presentShare(share, shareUrl(tokens.sign(share.id))));
    },

    /** DELETE reports/shares/<shareId>/. */
    async revoke(principal: Principal, shareId: string): Promise<void> {
      if (
        !isUuid(shareId) ||
        !(await queries.revokeShare(db, principal.workspaceId, shareId.toLowerCase(), clock.now()))
      )
        throw notFound(REPORT_MESSAGES.shareNotFound);
    },

    /** GET shared/reports/<token>/ (public): a bad signature or unknown link is 404, an expired or revoked one 410 (its words, never data). */
    async shared(token: string): Promise<ReportSharedView> {
      const shareId = tokens.verify(token);
      const found = shareId ? await queries.findShared(db, shareId) : undefined;
      if (!found) throw notFound(REPORT_MESSAGES.linkNotFound);
      if (found.share.revokedAt) throw new HttpError(410, REPORT_MESSAGES.linkRevoked, ErrorCode.Gone);
      if (found.share.expiresAt.getTime() <= clock.now().getTime())
        throw new HttpError(410, REPORT_MESSAGES.linkExpired, ErrorCode.Gone);
      // A lapsed plan pauses its links: the visitor is told so in words meant for them, not the member's trial wording.
      if (!(await workspaceEntitlements(db, found.share.workspaceId, clock.now())).dashboard)
        throw new HttpError(403, REPORT_MESSAGES.linkPaused, ErrorCode.Forbidden);
      // The signed link is the permission: it reads as a client of the workspace would, that report only.
      const principal: Principal = {
        userId: found.share.createdBy ?? found.report.createdBy ?? '',
        workspaceId: found.share.workspaceId,
        role: 'client',
      };
      const period = fixedPeriod(found.report.period as ReportPeriodKind, found.share.periodFrom, found.share.periodTo);
      const { data } = await render(principal, found.report, period);
      // The logo's own URL is signed with the workspace's id: a link's reader gets the image inline instead.
      const logo = data.brand.logo_url ? await logoOf(db, found.share.workspaceId) : undefined;
      const brand = {
        ...data.brand,
        logo_url: logo?.logo && logo.type ? `data:${logo.type};base64,${logo.logo.toString('base64')}` : null,
      };
      return { ...data, brand, expires_at: found.share.expiresAt.toISOString() };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
