/**
 * Money without floating point: amounts travel as integers in the currency's minor unit
 * (cents for USD, whole yen for JPY). Platforms report micros (Google, X), major-unit decimal
 * strings (Meta, LinkedIn, TikTok) or minor units (Meta budgets); these helpers convert exactly.
 */

/** ISO 4217 currencies whose minor unit is not 1/100. Everything else has two decimals. */
const MINOR_DIGITS: Record<string, number> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  HUF: 2,
  TWD: 2,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};

/** Digits after the decimal point in the currency's minor unit (2 unless listed). */
export function minorDigits(currency: string): number {
  return MINOR_DIGITS[currency.toUpperCase()] ?? 2;
}

/** Thrown for an amount that is not a plain decimal number. */
export class MoneyFormatError extends Error {
  constructor(value: unknown) {
    super(`Not a money amount: ${JSON.stringify(value)}`);
    this.name = 'MoneyFormatError';
  }
}

/**
 * "12.345" USD -> 1235 (half away from zero at the minor unit). Accepts numbers too, through
 * their shortest decimal text, so 0.1 + 0.2 style noise never leaks in.
 */
export function decimalToMinor(value: string | number, currency: string): number {
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  const match = /^(-)?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new MoneyFormatError(value);
  const digits = minorDigits(currency);
  const [, sign, whole, fraction = ''] = match;
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  const next = fraction.charAt(digits);
  let minor = BigInt(`${whole || '0'}${kept}`);
  if (next !== '' && Number(next) >= 5) minor += 1n;
  return Number(sign ? -minor : minor);
}

/** Micros (value × 1,000,000 of the major unit) -> minor units, rounded half away from zero. */
export function microsToMinor(micros: string | number | bigint, currency: string): number {
  const value = BigInt(typeof micros === 'number' ? Math.round(micros) : micros);
  const divisor = 10n ** BigInt(6 - minorDigits(currency));
  const negative = value < 0n;
  const abs = negative ? -value : value;
  let quotient = abs / divisor;
  if ((abs % divisor) * 2n >= divisor) quotient += 1n;
  return Number(negative ? -quotient : quotient);
}

/** Minor units -> micros as an exact integer string (Google and X write budgets this way). */
export function minorToMicros(minor: number, currency: string): string {
  return (BigInt(Math.round(minor)) * 10n ** BigInt(6 - minorDigits(currency))).toString();
}

/** Minor units -> a major-unit decimal string with the currency's digits: 1235 USD -> "12.35". */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const negative = minor < 0;
  const text = String(Math.abs(Math.round(minor))).padStart(digits + 1, '0');
  const whole = digits === 0 ? text : text.slice(0, -digits);
  const fraction = digits === 0 ? '' : `.${text.slice(-digits)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new MoneyFormatError(value);
  // Exponent notation (1e-7, 1e21) is expanded through toFixed; normal numbers keep their shortest form.
  return /e/i.test(String(value)) ? value.toFixed(20).replace(/0+$/, '') : String(value);
}
