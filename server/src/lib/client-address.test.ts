import { describe, expect, it } from 'vitest';
import { addressBucket, clientAddressKey } from './client-address.ts';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address whole: two neighbours on one network are two clients', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('203.0.113.8')).not.toBe(clientAddressKey('203.0.113.7'));
  });

  it('counts an IPv4 address mapped into IPv6 as the IPv4 address', () => {
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    // Written in hex, and the old IPv4-compatible form: the same IPv4 client, not one shared 0:0:0:0 bucket.
    expect(clientAddressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(clientAddressKey('0:0:0:0:0:ffff:c633:6401')).toBe('198.51.100.1');
    expect(clientAddressKey('::203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:cb00:7108')).not.toBe(clientAddressKey('::ffff:cb00:7107'));
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    const key = clientAddressKey('2001:db8:0:12::1');
    expect(key).toBe('2001:db8:0:12::/64');
    for (const same of ['2001:db8:0:12:ffff:ffff:ffff:ffff', '2001:0DB8:0000:0012:0000:0000:0000:0002', '2001:db8::12:a:b:c:d', '2001:db8:0:12::9%eth0']) {
      expect(clientAddressKey(same)).toBe(key);
    }
    expect(clientAddressKey('2001:db8:0:13::1')).not.toBe(key);
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves out a port a proxy wrote after the address', () => {
    expect(clientAddressKey('203.0.113.7:5678')).toBe('203.0.113.7');
    expect(clientAddressKey('203.0.113.7:5679')).toBe(clientAddressKey('203.0.113.7:5678'));
    expect(clientAddressKey('[2001:db8:0:12::1]:443')).toBe('2001:db8:0:12::/64');
    expect(clientAddressKey('[::ffff:203.0.113.7]:80')).toBe('203.0.113.7');
  });

  it('uses anything that is not an address as given', () => {
    expect(clientAddressKey('test-client')).toBe('test-client');
  });

  it('names the bucket of a limit for an address', () => {
    expect(addressBucket('login', '2001:db8:0:12::1')).toBe('login:ip:2001:db8:0:12::/64');
    expect(addressBucket('login', '198.51.100.1')).toBe('login:ip:198.51.100.1');
  });
});
