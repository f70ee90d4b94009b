import { type Platform, PLATFORM_LABELS } from '@shared/constants';

/**
 * The fallback texts of failed requests (spec section 8), by endpoint name. Each feature declares
 * its own next to its *.api.ts, typed by that API's endpoint names; the app composes them and
 * provides the table here, where the error toasts read it (api/ knows no feature).
 */

/** An endpoint's fallback: fixed text, text built from the call's argument, or null when its feature reports failures itself. */
export type ErrorFallback = string | ((originalArgs: unknown) => string) | null;

/** The endpoint names of one injected API, or of several (a union of APIs). */
export type EndpointNameOf<Api extends { endpoints: object }> = Api extends unknown
  ? Extract<keyof Api['endpoints'], string>
  : never;

/**
 * A feature's fallbacks: only its APIs' endpoint names are keys, so a misspelt one does not
 * compile. Declare them with `satisfies ErrorFallbacksOf<typeof featureApi>`.
 */
export type ErrorFallbacksOf<Api extends { endpoints: object }> = Readonly<
  Partial<Record<EndpointNameOf<Api>, ErrorFallback>>
>;

/** Every endpoint's fallback, as the app composes them. */
export type ErrorFallbackTable = Readonly<Record<string, ErrorFallback>>;

let provided: ErrorFallbackTable = {};

/** Called once by the app with every feature's fallbacks (app/errorFallbacks.ts). */
export function provideErrorFallbacks(table: ErrorFallbackTable): void {
  provided = table;
}

/** The fallbacks the app provided (none before it does). */
export function providedErrorFallbacks(): ErrorFallbackTable {
  return provided;
}

/** The platform a call names, as its argument or its `platform` field; null when it names none. */
export function platformOfArgs(originalArgs: unknown): Platform | null {
  const candidate =
    typeof originalArgs === 'object' && originalArgs !== null
      ? (originalArgs as { platform?: unknown }).platform
      : originalArgs;
  return typeof candidate === 'string' && candidate in PLATFORM_LABELS ? (candidate as Platform) : null;
}
