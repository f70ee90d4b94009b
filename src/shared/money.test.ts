import { decimalToMinor, microsToMinor, minorDigits, minorToDecimal, minorToMicros, MoneyFormatError } from './money';

describe('money', () => {
  it('knows the minor unit of common currencies', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('inr')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
  });

  it('parses decimal strings exactly, rounding half away from zero', () => {
    expect(decimalToMinor('12.34', 'USD')).toBe(1234);
    expect(decimalToMinor('5339.5', 'USD')).toBe(533950);
    expect(decimalToMinor('0.005', 'USD')).toBe(1);
    expect(decimalToMinor('0.004', 'USD')).toBe(0);
    expect(decimalToMinor('209.449', 'USD')).toBe(20945);
    expect(decimalToMinor('1200', 'JPY')).toBe(1200);
    expect(decimalToMinor('1.2345', 'KWD')).toBe(1235);
    expect(decimalToMinor('-1.5', 'USD')).toBe(-150);
    expect(decimalToMinor('.5', 'USD')).toBe(50);
    expect(decimalToMinor(0.1 + 0.2, 'USD')).toBe(30);
    expect(decimalToMinor(20, 'USD')).toBe(2000);
  });

  it('rejects what is not a number', () => {
    expect(() => decimalToMinor('-', 'USD')).toThrow(MoneyFormatError);
    expect(() => decimalToMinor('1,000.00', 'USD')).toThrow(MoneyFormatError);
    expect(() => decimalToMinor('', 'USD')).toThrow(MoneyFormatError);
    expect(() => decimalToMinor(Number.NaN, 'USD')).toThrow(MoneyFormatError);
  });

  it('converts micros both ways', () => {
    expect(microsToMinor('15670000', 'USD')).toBe(1567);
    expect(microsToMinor('15675000', 'USD')).toBe(1568);
    expect(microsToMinor(5_500_000, 'JPY')).toBe(6);
    expect(microsToMinor('9007199254740993000000', 'USD')).toBe(900719925474099300);
    expect(minorToMicros(1567, 'USD')).toBe('15670000');
    expect(minorToMicros(50, 'JPY')).toBe('50000000');
  });

  it('formats minor units as decimal strings', () => {
    expect(minorToDecimal(1235, 'USD')).toBe('12.35');
    expect(minorToDecimal(5, 'USD')).toBe('0.05');
    expect(minorToDecimal(-5, 'USD')).toBe('-0.05');
    expect(minorToDecimal(1200, 'JPY')).toBe('1200');
    expect(minorToDecimal(1, 'KWD')).toBe('0.001');
  });
});
