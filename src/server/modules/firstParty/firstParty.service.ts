import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

import { ErrorCode } from '@shared/api/errors';
import {
  type ConversionBasis,
  type ConversionBasisView,
  FIRST_PARTY_INGEST_MAX_DAYS,
  FIRST_PARTY_MESSAGES,
  FIRST_PARTY_SIGNATURE_TOLERANCE_SECONDS,
  type FirstPartyDay,
  type FirstPartyDayInput,
  type FirstPartyImportResult,
  type FirstPartyKey,
  type FirstPartyKeyCreated,
  type FirstPartyLineProblem,
  type FirstPartyView,
} from '@shared/api/firstParty';
import { daysInRange as dayCount, type IsoDay } from '@shared/days';
import { type DashboardViewQuery } from '@shared/validation/dashboard';
import { checkFirstPartyDays, parseFirstPartyCsv, type RawFirstPartyDay } from '@shared/validation/firstParty';
import { isUuid } from '@shared/validation/uuid';

import type { AppContext } from '../../context';
import { badRequest, HttpError, notFound } from '../../lib/httpError';
import { createSecretBox } from '../../lib/secretBox';
import type { Principal } from '../access/principal';
import type { DashboardService } from '../dashboard/dashboard.service';
import { conversionCalibration } from './firstParty.calibration';
import { firstPartyFiguresOver, type FirstPartyRange } from './firstParty.figures';
import { presentDay, presentKey } from './firstParty.presenter';
import * as queries from './firstParty.queries';

/** A refused import or ingestion: every bad line named; nothing was saved. The route answers it as a 400 with `lines`. */
export class FirstPartyRejected extends Error {
  constructor(
    readonly detail: string,
    readonly lines: FirstPartyLineProblem[],
  ) {
    super(detail);
    this.name = 'FirstPartyRejected';
  }
}

const unauthorized = (detail: string) => new HttpError(401, detail, ErrorCode.Unauthorized);
/** Bytes of a new ingestion secret (256 bits, as long as the HMAC's key block needs to be strong). */
const SECRET_BYTES = 32;

/** The hex HMAC-SHA256 under a key's secret of `<timestamp>.<raw body>`: what a caller sends, after `v1=`, in X-Adwise-Signature. */
export const signBody = (secret: string, timestamp: string, body: Buffer | string) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');

/** The signature header's value: "v1=<hex>" (the version lets the scheme change without ambiguity). */
const SIGNATURE_V1 = /^v1=([0-9a-f]{64})$/i;
const UNIX_SECONDS = /^\d{1,12}$/;

/**
 * First-party truth (issue 37): a workspace's own daily conversions and revenue, imported as CSV
 * or sent signed by its shop or CRM, and the blended figures and per-platform over-attribution
 * they give over the dashboard's range. Ad data is read through modules/metrics only; the
 * statistics are analysis/firstParty.ts. Routes check the role; everything here is by the
 * principal's workspace (or, for ingestion, by the workspace the key belongs to).
 */
export function createFirstPartyService(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  deps: { dashboard: Pick<DashboardService, 'rangeOf'> },
) {
  const { db, clock, config } = ctx;
  const box = createSecretBox(config.encryptionKey);
  const sealContext = (keyId: string) => `first-party-key:${keyId}`;
  // Compared against when the key id is unknown, so a wrong id costs the same time as a wrong signature.
  const decoySecret = randomBytes(SECRET_BYTES).toString('base64url');

  async function save(
    workspaceId: string,
    days: FirstPartyDayInput[],
    source: queries.FirstPartySource,
  ): Promise<FirstPartyImportResult> {
    // All or nothing: one transaction, so a failure half-way leaves the days as they were.
    const { saved, replaced } = await db.transaction((tx) =>
      queries.upsertDays(tx, workspaceId, days, source, clock.now()),
    );
    const sorted = days.map((day) => day.day).sort();
    return { saved, replaced, from: sorted[0]!, to: sorted[sorted.length - 1]! };
  }

  return {
    /** POST first-party/import/: a whole CSV file, checked first; any bad line and nothing is saved. */
    async importCsv(principal: Principal, body: string): Promise<FirstPartyImportResult> {
      const parsed = parseFirstPartyCsv(body);
      if (!parsed.ok) throw new FirstPartyRejected(parsed.detail, parsed.lines);
      return save(principal.workspaceId, parsed.days, 'csv');
    },

    /**
     * The signed ingestion endpoint's check, before the body is read: the key id names a key, the
     * signature is "v1=" and the hex HMAC-SHA256 under its secret of "<timestamp>.<raw body>"
     * (compared in constant time), and the timestamp is within the tolerance of now, so a captured
     * request cannot be replayed later to put back figures since corrected. Answers the key's
     * workspace; anything else is a 401 saying what to send.
     */
    async verify(
      request: { keyId: string | undefined; timestamp: string | undefined; signature: string | undefined },
      raw: Buffer,
    ): Promise<{ keyId: string; workspaceId: string }> {
      const { keyId, timestamp, signature } = request;
      if (!keyId || !signature || !timestamp) throw unauthorized(FIRST_PARTY_MESSAGES.missingSignature);
      const row = isUuid(keyId) ? await queries.keyById(db, keyId) : undefined;
      const secret = row ? box.open(row.secretSealed, sealContext(row.id)) : decoySecret;
      const expected = Buffer.from(signBody(secret, timestamp.trim(), raw), 'hex');
      const given = SIGNATURE_V1.exec(signature.trim());
      const matches = timingSafeEqual(expected, given ? Buffer.from(given[1]!, 'hex') : Buffer.alloc(expected.length));
      if (!row || !given || !matches) throw unauthorized(FIRST_PARTY_MESSAGES.badSignature);
      // Checked after the signature, so the answer says nothing about a timestamp an outsider made up.
      const signedAt = UNIX_SECONDS.test(timestamp.trim()) ? Number(timestamp.trim()) : Number.NaN;
      if (!(Math.abs(clock.now().getTime() / 1000 - signedAt) <= FIRST_PARTY_SIGNATURE_TOLERANCE_SECONDS))
        throw unauthorized(FIRST_PARTY_MESSAGES.staleTimestamp);
      return { keyId: row.id, workspaceId: row.workspaceId };
    },

    /** POST first-party/ingest/ after `verify`: the days, checked first (all or nothing), each replacing its day. */
    async ingest(key: { keyId: string; workspaceId: string }, body: unknown): Promise<FirstPartyImportResult> {
      const days = (body as { days?: unknown } | undefined)?.days;
      if (!Array.isArray(days) || days.length === 0) throw badRequest(FIRST_PARTY_MESSAGES.ingestNoDays, 'days');
      if (days.length > FIRST_PARTY_INGEST_MAX_DAYS) throw badRequest(FIRST_PARTY_MESSAGES.ingestTooMany, 'days');
      const raws: RawFirstPartyDay[] = days.map((item: unknown) => {
        const value = (typeof item === 'object' && item !== null ? item : {}) as Partial<RawFirstPartyDay>;
        return { day: value.day, conversions: value.conversions, revenue: value.revenue, currency: value.currency };
      });
      const checked = checkFirstPartyDays(raws);
      if (checked.lines.length > 0)
        throw new FirstPartyRejected(FIRST_PARTY_MESSAGES.ingestRejected(checked.lines.length), checked.lines);
      const result = await save(key.workspaceId, checked.days, 'ingest');
      await queries.touchKey(db, key.keyId, clock.now());
      return result;
    },

    /** GET first-party/key/: the workspace's key without its secret. */
    async key(principal: Principal): Promise<FirstPartyKey> {
      const row = await queries.keyOfWorkspace(db, principal.workspaceId);
      if (!row) throw notFound(FIRST_PARTY_MESSAGES.noKey);
      return presentKey(row);
    },

    /** POST first-party/key/: a new key (replacing the old one, which stops working), its secret shown this once. */
    async createKey(principal: Principal): Promise<FirstPartyKeyCreated> {
      const id = randomUUID();
      const secret = `afp_${randomBytes(SECRET_BYTES).toString('base64url')}`;
      const row = await db.transaction((tx) =>
        queries.replaceKey(tx, {
          id,
          workspaceId: principal.workspaceId,
          secretSealed: box.seal(secret, sealContext(id)),
          createdBy: principal.userId,
          createdAt: clock.now(),
        }),
      );
      return { ...presentKey(row), secret };
    },

    /** DELETE first-party/key/: ingestion stops until a new key is made. */
    async deleteKey(principal: Principal): Promise<void> {
      if (!(await queries.deleteKey(db, principal.workspaceId))) throw notFound(FIRST_PARTY_MESSAGES.noKey);
    },

    /** GET first-party/days/: the stored days of the dashboard's range, as saved. */
    async days(
      principal: Principal,
      query: DashboardViewQuery,
    ): Promise<{ range: { from: IsoDay; to: IsoDay }; days: FirstPartyDay[] }> {
      const range = await deps.dashboard.rangeOf(principal, query);
      const rows = await queries.daysBetween(db, range.workspaceId, range.from, range.to);
      return { range: { from: range.from, to: range.to }, days: rows.map(presentDay) };
    },

    /**
     * GET first-party/: blended CPA, blended ROAS, MER and per-platform over-attribution over the
     * dashboard's range, in its currency. A workspace without any first-party day gets
     * `firstParty: null`.
     */
    async view(principal: Principal, query: DashboardViewQuery): Promise<FirstPartyView> {
      const range = await deps.dashboard.rangeOf(principal, query);
      return {
        currency: range.currency,
        range: { from: range.from, to: range.to, days: dayCount(range.from, range.to) },
        firstParty: await firstPartyFiguresOver(db, range),
      };
    },

    figuresOver: (range: FirstPartyRange) => firstPartyFiguresOver(db, range),

    /** GET first-party/basis/: which conversions suggestions and the optimizer weigh, and the factors in use now. */
    basis: (principal: Principal): Promise<ConversionBasisView> =>
      conversionCalibration(db, principal.workspaceId, clock.now()),

    /** PUT first-party/basis/: the workspace's choice; the next suggestions run and optimizer plan read it. */
    async setBasis(principal: Principal, basis: ConversionBasis): Promise<ConversionBasisView> {
      await queries.setConversionBasis(db, principal.workspaceId, basis);
      return conversionCalibration(db, principal.workspaceId, clock.now());
    },
  };
}

export type FirstPartyService = ReturnType<typeof createFirstPartyService>;
