import fc from 'fast-check';
import type { AnyObjectSchema } from 'yup';

import * as beacons from '../api/beacons';
import { anyValue, objectWithFields } from '../test/arbitraryInput';
import * as auth from './auth';
import * as contact from './contact';
import * as dashboard from './dashboard';
import { checkInOrder } from './firstError';
import * as newsletter from './newsletter';
import * as otp from './otp';

/** Every yup object schema the shared modules export: a new one is covered without editing this file. */
const schemas = Object.entries<unknown>({
  ...auth,
  ...contact,
  ...dashboard,
  ...newsletter,
  ...otp,
  ...beacons,
}).filter((entry): entry is [string, AnyObjectSchema] => {
  const value = entry[1] as { __isYupSchema__?: boolean; type?: string } | null;
  return typeof value === 'object' && value !== null && value.__isYupSchema__ === true && value.type === 'object';
});

describe('every shared schema, on input no form would send', () => {
  it('finds the schemas', () => {
    expect(schemas.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'loginSchema',
        'registerSchema',
        'contactSchema',
        'verifyOtpSchema',
        'beaconPropsSchema',
      ]),
    );
  });

  it.each(schemas)('%s answers a value or a failure with a message, and never throws', (_name, schema) => {
    const fields = Object.keys(schema.fields);
    fc.assert(
      fc.property(
        fc.oneof({ weight: 4, arbitrary: objectWithFields(fields) }, { weight: 1, arbitrary: anyValue }),
        (input) => {
          const result = checkInOrder(schema, input);
          if (result.error) {
            expect(typeof result.error.message).toBe('string');
            expect(result.error.message.length).toBeGreaterThan(0);
          } else {
            expect(typeof result.value).toBe('object');
          }
        },
      ),
      { seed: 20261122, numRuns: 300 },
    );
  });
});
