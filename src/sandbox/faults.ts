import type { Platform } from '@shared/constants';
import { PLATFORMS } from '@shared/constants';

/**
 * Fault injection. Faults come from three places, checked in this order on every API request
 * (never on consent pages or token endpoints):
 * - a request header `x-sandbox-fault: <kind>[;delay=<ms>][;retry=<seconds>]`;
 * - queued rules (POST /_sandbox/faults, or Faults.add): the next `times` requests to a platform;
 * - standing probabilities from config (SANDBOX_FAULTS="rate_limit:0.05,server_error:0.02,slow:0.1").
 * Each platform module renders the fault in its own wire format (its 429 body, its error codes).
 */

export const FAULT_KINDS = ['rate_limit', 'server_error', 'slow', 'expired_token', 'revoked'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface Fault {
  kind: FaultKind;
  /** For slow: how long to stall before answering normally. */
  delayMs: number;
  /** For rate_limit: the wait the platform signals. */
  retryAfterSeconds: number;
}

export interface FaultRule {
  platform?: Platform;
  kind: FaultKind;
  /** How many requests it hits; absent with probability means standing. */
  times?: number;
  /** Chance per request (standing rules). */
  probability?: number;
  delayMs?: number;
  retryAfterSeconds?: number;
}

export const FAULT_HEADER = 'x-sandbox-fault';
const DEFAULT_DELAY_MS = 1500;
const DEFAULT_RETRY_AFTER_SECONDS = 2;

function isKind(value: string): value is FaultKind {
  return (FAULT_KINDS as readonly string[]).includes(value);
}

/** Parses SANDBOX_FAULTS ("rate_limit:0.05,slow:0.1"); throws with a clear message on bad input. */
export function parseFaultConfig(text: string | undefined): FaultRule[] {
  if (!text?.trim()) return [];
  return text.split(',').map((part) => {
    const [kind, probability] = part.trim().split(':');
    const chance = Number(probability);
    if (!isKind(kind) || !Number.isFinite(chance) || chance < 0 || chance > 1) {
      throw new Error(
        `SANDBOX_FAULTS entries look like rate_limit:0.05 with kinds ${FAULT_KINDS.join(', ')} (got "${part}")`,
      );
    }
    return { kind, probability: chance };
  });
}

function toFault(rule: Pick<FaultRule, 'kind' | 'delayMs' | 'retryAfterSeconds'>): Fault {
  return {
    kind: rule.kind,
    delayMs: rule.delayMs ?? DEFAULT_DELAY_MS,
    retryAfterSeconds: rule.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS,
  };
}

export class Faults {
  private rules: FaultRule[] = [];

  constructor(
    standing: FaultRule[] = [],
    private readonly random: () => number = Math.random,
  ) {
    this.rules = [...standing];
  }

  /** Adds a rule; with `times` it hits that many requests, then disappears. */
  add(rule: FaultRule): void {
    if (!isKind(rule.kind)) throw new Error(`Unknown fault kind ${String(rule.kind)}`);
    if (rule.platform && !PLATFORMS.includes(rule.platform)) throw new Error(`Unknown platform ${rule.platform}`);
    this.rules.push({ ...rule });
  }

  clear(): void {
    this.rules = [];
  }

  list(): FaultRule[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  /** The fault for this request, if any; consumes one use of a counted rule. */
  take(platform: Platform, header: string | string[] | undefined): Fault | undefined {
    const fromHeader = typeof header === 'string' ? parseHeader(header) : undefined;
    if (fromHeader) return fromHeader;
    for (const rule of this.rules) {
      if (rule.platform && rule.platform !== platform) continue;
      if (rule.times !== undefined) {
        if (rule.times <= 0) continue;
        rule.times -= 1;
        this.rules = this.rules.filter((r) => r.times === undefined || r.times > 0);
        return toFault(rule);
      }
      if (rule.probability !== undefined && this.random() < rule.probability) return toFault(rule);
    }
    return undefined;
  }
}

function parseHeader(value: string): Fault | undefined {
  const [kind, ...options] = value.split(';').map((part) => part.trim());
  if (!isKind(kind)) return undefined;
  const option = (name: string) => {
    const found = options.find((o) => o.startsWith(`${name}=`));
    const number = found ? Number(found.slice(name.length + 1)) : Number.NaN;
    return Number.isFinite(number) ? number : undefined;
  };
  return toFault({ kind, delayMs: option('delay'), retryAfterSeconds: option('retry') });
}
