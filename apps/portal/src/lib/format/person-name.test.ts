import { describe, expect, it } from 'vitest';
import { personName } from './person-name.ts';

describe('personName', () => {
  it('joins the names that are there, else gives the e-mail', () => {
    expect(personName({ firstName: 'Alex', lastName: 'Staff', email: 'a@example.com' })).toBe('Alex Staff');
    expect(personName({ firstName: 'Alex', lastName: null, email: 'a@example.com' })).toBe('Alex');
    expect(personName({ firstName: null, lastName: '', email: 'a@example.com' })).toBe('a@example.com');
    expect(personName({ firstName: null, lastName: null, email: null })).toBe('');
  });
});
