import { describe, expect, it } from 'vitest';
import { loginPathFor, sanitizeNextPath } from './next-path.public.ts';

describe('sanitizeNextPath', () => {
  it('keeps paths on this site, with their query and fragment', () => {
    expect(sanitizeNextPath('/dashboard')).toBe('/dashboard');
    expect(sanitizeNextPath('/epin-dashboard?tab=transfer#top')).toBe('/epin-dashboard?tab=transfer#top');
    expect(sanitizeNextPath('/admin/dashboard')).toBe('/admin/dashboard');
  });

  it('normalises dot segments instead of trusting them', () => {
    expect(sanitizeNextPath('/a/../profile')).toBe('/profile');
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['dashboard'],
    ['https://evil.example/'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['/\\/evil.example'],
    ['/\t/evil.example'],
    ['/%0A/evil'.replace('%0A', '\n')],
    ['javascript:alert(1)'],
    [' /dashboard'],
  ])('refuses %j', (next) => {
    expect(sanitizeNextPath(next)).toBeNull();
  });

  it('refuses the sign-in pages themselves, which would loop', () => {
    expect(sanitizeNextPath('/login')).toBeNull();
    expect(sanitizeNextPath('/login/')).toBeNull();
    expect(sanitizeNextPath('/register?ref=SH1234567')).toBeNull();
  });

  it('round-trips with loginPathFor', () => {
    const login = new URL(loginPathFor('/profile?tab=payout'), 'https://x.invalid');
    expect(login.pathname).toBe('/login');
    expect(sanitizeNextPath(login.searchParams.get('next'))).toBe('/profile?tab=payout');
  });
});
