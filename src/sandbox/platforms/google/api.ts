import { microsToMinor, minorDigits, minorToMicros } from '@shared/money';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { SANDBOX_GOOGLE_DEVELOPER_TOKEN } from '../../contract';
import type { Grant } from '../../grants';
import type { SandboxContext } from '../../types';
import type { SandboxAccount, SandboxAd, SandboxCampaign } from '../../world';
import {
  fault,
  faultRenderer,
  type GoogleAdsErrorEntry,
  GoogleAdsFault,
  newRequestId,
  sendFailure,
  statusBody,
} from './errors';
import { parseGaql } from './gaql';
import { GOOGLE_ADS_SCOPE } from './oauth';
import { adGroupAdStatusOf, adGroupIdOf, budgetIdOf, campaignStatusOf, runQuery } from './query';

/**
 * The Google Ads REST methods the sandbox serves under /google/<version>:
 * - GET  customers:listAccessibleCustomers
 * - POST customers/{id}/googleAds:searchStream (GAQL; a JSON array of batches)
 * - POST customers/{id}/campaigns:mutate (update status)
 * - POST customers/{id}/campaignBudgets:mutate (update amount_micros)
 * - POST customers/{id}/adGroupAds:mutate (update status of one ad group ad, {ad_group_id}~{ad_id})
 * Every call checks the Bearer token, its scope, the developer-token header, and that the
 * customer is one the user granted (login-customer-id, when sent, must be that customer: the
 * sandbox has no manager accounts).
 */

const PLATFORM = 'google';
/** Rows per searchStream batch (Google sends up to 10,000 per message). */
export const STREAM_BATCH_SIZE = 10_000;
const CUSTOMER_ID = /^\d{10}$/;
const RESOURCE_CONSUMPTION_PER_ROW = 1;

interface Authorized {
  grant: Grant;
}

/** Checks the OAuth token, its scope and the developer token; throws the API's own failures. */
function authenticate(ctx: SandboxContext, request: FastifyRequest): Authorized {
  const header = request.headers.authorization;
  const token = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (!token) {
    throw fault(
      'UNAUTHENTICATED',
      'authenticationError',
      'OAUTH_TOKEN_HEADER_INVALID',
      header ? 'OAuth token HTTP header is malformed.' : 'Request is missing required authentication credential.',
    );
  }
  const check = ctx.grants.checkAccess(PLATFORM, token);
  if (!check.ok) {
    const code = { invalid: 'OAUTH_TOKEN_INVALID', expired: 'OAUTH_TOKEN_EXPIRED', revoked: 'OAUTH_TOKEN_REVOKED' }[
      check.reason
    ];
    const message = {
      invalid: 'OAuth token in the header is not valid.',
      expired: 'OAuth token in the header has expired.',
      revoked: 'OAuth token in the header has been revoked.',
    }[check.reason];
    throw fault('UNAUTHENTICATED', 'authenticationError', code, message);
  }
  if (!check.grant.scope.split(' ').includes(GOOGLE_ADS_SCOPE)) {
    throw new GoogleAdsFault('PERMISSION_DENIED', [], {
      statusMessage: 'Request had insufficient authentication scopes.',
      extraDetails: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
          domain: 'googleapis.com',
          metadata: { service: 'googleads.googleapis.com' },
        },
      ],
    });
  }
  if (request.headers['developer-token'] !== SANDBOX_GOOGLE_DEVELOPER_TOKEN) {
    throw fault(
      'UNAUTHENTICATED',
      'authenticationError',
      'DEVELOPER_TOKEN_INVALID',
      'The developer token is not valid.',
    );
  }
  return { grant: check.grant };
}

/** The granted customer a method is called on; throws INVALID_CUSTOMER_ID / USER_PERMISSION_DENIED. */
function customerOf(ctx: SandboxContext, request: FastifyRequest, grant: Grant, customerId: string): SandboxAccount {
  if (!CUSTOMER_ID.test(customerId))
    throw fault('INVALID_ARGUMENT', 'requestError', 'INVALID_CUSTOMER_ID', 'Customer ID is invalid.');
  const account = ctx.world.account(PLATFORM, customerId);
  const denied = () =>
    fault(
      'PERMISSION_DENIED',
      'authorizationError',
      'USER_PERMISSION_DENIED',
      "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header. See https://developers.google.com/google-ads/api/docs/concepts/call-structure#cid",
    );
  if (!account || !grant.accountIds.includes(customerId)) throw denied();
  const login = request.headers['login-customer-id'];
  if (typeof login === 'string') {
    const loginId = login.replace(/-/g, '');
    if (!grant.accountIds.includes(loginId)) throw denied();
    if (loginId !== customerId) {
      throw fault(
        'PERMISSION_DENIED',
        'authorizationError',
        'INVALID_LOGIN_CUSTOMER_ID_SERVING_CUSTOMER_ID_COMBINATION',
        'The login-customer-id does not manage the customer in the request.',
      );
    }
  }
  return account;
}

/** Where a field sits in a mutate request, for GoogleAdsError.location. */
function at(index: number, ...fields: string[]): GoogleAdsErrorEntry['location'] {
  return { fieldPathElements: [{ fieldName: 'operations', index }, ...fields.map((fieldName) => ({ fieldName }))] };
}

/** updateMask paths in snake_case, whichever casing the client used. */
const maskPaths = (mask: string) =>
  mask
    .split(',')
    .map((path) => path.trim().replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))
    .filter(Boolean);

/** What one mutate method needs to know about its resource (T: what a resource id names in the world). */
interface MutateSpec<T> {
  /** The resource name's collection segment (campaigns, campaignBudgets, adGroupAds). */
  collection: string;
  /** The mutable fields the sandbox emulates, snake_case. */
  fields: string[];
  /** What the resource id (the last segment of the resource name) names in this account. */
  find(account: SandboxAccount, resourceId: string): T | undefined;
  /** Checks one update; returns the change to apply, or the errors. */
  check(
    update: Record<string, unknown>,
    account: SandboxAccount,
    target: T,
    index: number,
  ): (() => void) | GoogleAdsErrorEntry[];
  /** The resource as MUTABLE_RESOURCE responses show it. */
  render(account: SandboxAccount, target: T, resourceName: string): Record<string, unknown>;
  /** The key of that rendering in a result (campaign, campaignBudget, adGroupAd). */
  resultKey: string;
}

/**
 * Runs a mutate body: every operation checked first, then all applied (atomic), or with
 * partialFailure the good ones applied and the bad ones reported in partialFailureError.
 */
function mutate<T>(
  account: SandboxAccount,
  body: Record<string, unknown>,
  spec: MutateSpec<T>,
  version: string,
): object {
  const operations = body.operations;
  if (!Array.isArray(operations) || operations.length === 0) {
    throw fault('INVALID_ARGUMENT', 'fieldError', 'REQUIRED', 'The required field was not present.', {
      location: { fieldPathElements: [{ fieldName: 'operations' }] },
    });
  }
  const changes: ((() => void) | undefined)[] = [];
  const results: ({ resourceName: string; [key: string]: unknown } | Record<string, never>)[] = [];
  const errors: GoogleAdsErrorEntry[] = [];
  operations.forEach((operation: unknown, index) => {
    const op = (operation ?? {}) as Record<string, unknown>;
    const kinds = ['create', 'update', 'remove'].filter((kind) => op[kind] !== undefined);
    const fail = (entries: GoogleAdsErrorEntry[]) => {
      errors.push(...entries);
      changes.push(undefined);
      results.push({});
    };
    if (kinds.length !== 1 || kinds[0] !== 'update') {
      const message =
        kinds.length === 1
          ? 'The sandbox only emulates update operations.'
          : 'Each operation needs exactly one of create, update or remove.';
      return fail([{ errorCode: { mutateError: 'MUTATE_NOT_ALLOWED' }, message, location: at(index) }]);
    }
    const update = (op.update ?? {}) as Record<string, unknown>;
    const paths = typeof op.updateMask === 'string' ? maskPaths(op.updateMask) : [];
    if (paths.length === 0) {
      return fail([
        {
          errorCode: { fieldMaskError: 'FIELD_MASK_MISSING' },
          message: 'The field mask must be provided for update operations.',
          location: at(index, 'update_mask'),
        },
      ]);
    }
    const unknown = paths.find((path) => !spec.fields.includes(path));
    if (unknown) {
      return fail([
        {
          errorCode: { fieldMaskError: 'FIELD_NOT_FOUND' },
          message: `The field mask names a field the sandbox cannot update: ${unknown}.`,
          trigger: { stringValue: unknown },
          location: at(index, 'update_mask'),
        },
      ]);
    }
    const name = typeof update.resourceName === 'string' ? update.resourceName : '';
    const match = new RegExp(`^customers/(\\d+)/${spec.collection}/([^/]+)$`).exec(name);
    const target = match && match[1] === account.id ? spec.find(account, match[2]) : undefined;
    if (target === undefined) {
      return fail([
        {
          errorCode: { mutateError: 'RESOURCE_NOT_FOUND' },
          message: 'The requested resource was not found.',
          trigger: { stringValue: name },
          location: at(index, 'update', 'resource_name'),
        },
      ]);
    }
    const checked = spec.check(update, account, target, index);
    if (Array.isArray(checked)) return fail(checked);
    changes.push(checked);
    results.push({ resourceName: name });
  });

  const partialFailure = body.partialFailure === true;
  if (errors.length && !partialFailure) throw new GoogleAdsFault('INVALID_ARGUMENT', errors);
  if (body.validateOnly === true) return {};
  changes.forEach((apply) => apply?.());
  const withResource = body.responseContentType === 'MUTABLE_RESOURCE';
  const rendered = results.map((result) => {
    if (!('resourceName' in result) || !withResource) return result;
    const target = spec.find(account, String(result.resourceName).split('/').pop()!)!;
    return { ...result, [spec.resultKey]: spec.render(account, target, String(result.resourceName)) };
  });
  if (!errors.length) return { results: rendered };
  const failure = (
    statusBody(new GoogleAdsFault('INVALID_ARGUMENT', errors), version, newRequestId()) as { error: object }
  ).error;
  return { results: rendered, partialFailureError: { ...failure, code: 3 } };
}

/** campaigns:mutate — status only (ENABLED / PAUSED). */
function campaignSpec(ctx: SandboxContext): MutateSpec<SandboxCampaign> {
  return {
    collection: 'campaigns',
    fields: ['status'],
    resultKey: 'campaign',
    find: (account, id) => account.campaigns.find((c) => c.id === id),
    check: (update, _account, campaign, index) => {
      const status = update.status;
      if (status !== 'ENABLED' && status !== 'PAUSED') {
        return [
          {
            errorCode: { fieldError: 'INVALID_VALUE' },
            message: 'The field is not allowed to have this value: status must be ENABLED or PAUSED.',
            trigger: { stringValue: String(status ?? '') },
            location: at(index, 'update', 'status'),
          },
        ];
      }
      return () => ctx.world.setStatus(PLATFORM, campaign.id, status === 'ENABLED' ? 'ACTIVE' : 'PAUSED');
    },
    render: (_account, campaign, resourceName) => ({
      resourceName,
      id: campaign.id,
      name: campaign.name,
      status: campaignStatusOf(ctx.world, campaign.id),
    }),
  };
}

/** campaignBudgets:mutate — amount_micros only; updateMask and body accept either casing. */
function budgetSpec(ctx: SandboxContext): MutateSpec<SandboxCampaign> {
  return {
    collection: 'campaignBudgets',
    fields: ['amount_micros'],
    resultKey: 'campaignBudget',
    find: (account, id) => account.campaigns.find((c) => budgetIdOf(c.id) === id),
    check: (update, account, campaign, index) => {
      const raw = update.amountMicros ?? update.amount_micros;
      const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : raw;
      const where = at(index, 'update', 'amount_micros');
      if (typeof text !== 'string' || !/^-?\d+$/.test(text)) {
        return [
          { errorCode: { fieldError: 'REQUIRED' }, message: 'amount_micros must be an int64 value.', location: where },
        ];
      }
      const micros = BigInt(text);
      const unit = 10n ** BigInt(6 - minorDigits(account.currency));
      const budgetError = (code: string, message: string) => [
        { errorCode: { campaignBudgetError: code }, message, location: where },
      ];
      if (micros < 0n) return budgetError('NEGATIVE_MONEY_AMOUNT', 'The budget amount is negative.');
      if (micros === 0n)
        return budgetError('MONEY_AMOUNT_LESS_THAN_CURRENCY_MINIMUM_CPC', 'The budget amount is too low.');
      if (micros % unit !== 0n) {
        return [
          {
            errorCode: { campaignBudgetError: 'NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT' },
            message: `The budget amount must be a multiple of the minimum unit of ${account.currency} (${unit} micros).`,
            trigger: { stringValue: text },
            location: where,
          },
        ];
      }
      return () => ctx.world.setDailyBudget(PLATFORM, campaign.id, microsToMinor(micros, account.currency));
    },
    render: (account, campaign, resourceName) => ({
      resourceName,
      id: budgetIdOf(campaign.id),
      amountMicros: minorToMicros(ctx.world.dailyBudgetMinor(PLATFORM, campaign.id), account.currency),
    }),
  };
}

/** An ad group ad: the sandbox's ad inside its campaign's one ad group. */
interface AdGroupAdTarget {
  campaign: SandboxCampaign;
  ad: SandboxAd;
}

/**
 * adGroupAds:mutate — status only (ENABLED / PAUSED), on resource names
 * customers/{cid}/adGroupAds/{ad_group_id}~{ad_id}. Removing an ad is a remove operation at
 * Google, which the sandbox does not emulate.
 */
function adGroupAdSpec(ctx: SandboxContext): MutateSpec<AdGroupAdTarget> {
  return {
    collection: 'adGroupAds',
    fields: ['status'],
    resultKey: 'adGroupAd',
    find: (account, id) => {
      const match = /^(\d+)~(\d+)$/.exec(id);
      if (!match) return undefined;
      const campaign = account.campaigns.find((c) => adGroupIdOf(c.id) === match[1]);
      const ad = campaign?.ads.find((a) => a.id === match[2]);
      return campaign && ad ? { campaign, ad } : undefined;
    },
    check: (update, _account, { ad }, index) => {
      const status = update.status;
      if (status !== 'ENABLED' && status !== 'PAUSED') {
        return [
          {
            errorCode: { fieldError: 'INVALID_VALUE' },
            message: 'The field is not allowed to have this value: status must be ENABLED or PAUSED.',
            trigger: { stringValue: String(status ?? '') },
            location: at(index, 'update', 'status'),
          },
        ];
      }
      return () => ctx.world.setAdStatus(PLATFORM, ad.id, status === 'ENABLED' ? 'ACTIVE' : 'PAUSED');
    },
    render: (account, { ad }, resourceName) => ({
      resourceName,
      status: adGroupAdStatusOf(ctx.world, ad.id),
      ad: { resourceName: `customers/${account.id}/ads/${ad.id}`, id: ad.id, name: ad.name },
    }),
  };
}

/** Registers the API methods; mounted under /<version>. */
export function apiRoutes(app: FastifyInstance, ctx: SandboxContext, version: string): void {
  /**
   * The frame of every method: injected faults first, then authentication, then the work;
   * GoogleAdsFault answers in Google's shape (array-wrapped on streams).
   */
  const handle =
    (stream: boolean, work: (request: FastifyRequest, auth: Authorized) => object) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (await ctx.fault(PLATFORM, request, reply, faultRenderer({ version, stream }))) return reply;
      try {
        const body = work(request, authenticate(ctx, request));
        const requestId = Array.isArray(body)
          ? ((body[0] as { requestId?: string })?.requestId ?? newRequestId())
          : newRequestId();
        return reply.header('request-id', requestId).send(body);
      } catch (error) {
        if (error instanceof GoogleAdsFault) return sendFailure(reply, error, { version, stream });
        throw error;
      }
    };
  const customer = (request: FastifyRequest, auth: Authorized) =>
    customerOf(ctx, request, auth.grant, (request.params as { customerId: string }).customerId);
  const body = (request: FastifyRequest) =>
    request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};

  app.get(
    '/customers::listAccessibleCustomers',
    handle(false, (_request, { grant }) => ({
      resourceNames: grant.accountIds.filter((id) => ctx.world.account(PLATFORM, id)).map((id) => `customers/${id}`),
    })),
  );

  app.post(
    '/customers/:customerId/googleAds::searchStream',
    handle(true, (request, auth) => {
      const account = customer(request, auth);
      const { query, summaryRowSetting } = body(request);
      if (typeof query !== 'string' || !query.trim()) {
        throw fault('INVALID_ARGUMENT', 'fieldError', 'REQUIRED', 'The required field was not present.', {
          location: { fieldPathElements: [{ fieldName: 'query' }] },
        });
      }
      if (summaryRowSetting !== undefined && summaryRowSetting !== 'NO_SUMMARY_ROW') {
        throw fault(
          'INVALID_ARGUMENT',
          'fieldError',
          'INVALID_VALUE',
          'The sandbox does not emulate summary rows; use NO_SUMMARY_ROW.',
          {
            location: { fieldPathElements: [{ fieldName: 'summary_row_setting' }] },
          },
        );
      }
      const { results, fieldMask } = runQuery(ctx.world, account, parseGaql(query));
      const requestId = newRequestId();
      const batches: Record<string, unknown>[] = [];
      for (let start = 0; start < results.length; start += STREAM_BATCH_SIZE) {
        batches.push({ results: results.slice(start, start + STREAM_BATCH_SIZE), fieldMask, requestId });
      }
      if (batches.length === 0) batches.push({ fieldMask, requestId });
      batches[batches.length - 1].queryResourceConsumption = String(
        Math.max(1, results.length * RESOURCE_CONSUMPTION_PER_ROW),
      );
      return batches;
    }),
  );

  app.post(
    '/customers/:customerId/campaigns::mutate',
    handle(false, (request, auth) => mutate(customer(request, auth), body(request), campaignSpec(ctx), version)),
  );

  app.post(
    '/customers/:customerId/campaignBudgets::mutate',
    handle(false, (request, auth) => mutate(customer(request, auth), body(request), budgetSpec(ctx), version)),
  );

  app.post(
    '/customers/:customerId/adGroupAds::mutate',
    handle(false, (request, auth) => mutate(customer(request, auth), body(request), adGroupAdSpec(ctx), version)),
  );

  // Malformed JSON and other request errors, in Google's shape.
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const stream = request.url.includes(':searchStream');
    const status = (error.statusCode ?? 500) < 500 ? 'INVALID_ARGUMENT' : 'INTERNAL';
    const statusMessage = status === 'INTERNAL' ? undefined : `Invalid request: ${error.message}`;
    return sendFailure(reply, new GoogleAdsFault(status, [], { statusMessage }), { version, stream });
  });
}
