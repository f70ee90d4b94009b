import { passwordStrength } from './passwordStrength';

describe('password strength', () => {
  it.each([
    ['', 0, 'Too short', 'red'],
    ['abc', 1, 'Weak', 'red'],
    ['abcdefgh', 2, 'Okay', 'red'],
    ['Abcdefgh', 3, 'Good', 'amber'],
    ['Abcdefg1', 4, 'Strong', 'green'],
    ['Abcdef1!', 5, 'Very strong', 'green'],
  ])('scores %p as %p (%s, %s)', (password, score, label, colour) => {
    expect(passwordStrength(password)).toEqual({ score, label, colour });
  });
});
