import { describe, expect, it } from 'vitest'
import { addressRange, isPublicAddress, resolveCheckedAddress } from '../../../../src/main/services/mcp/builtin/fetch/addressGuard'

// classification only: no traffic is sent to any of these addresses
describe('the address guard', () => {
  it.each([
    ['10.1.2.3', 'private'],
    ['192.168.0.10', 'private'],
    ['172.16.5.4', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['not-an-ip', 'invalid']
  ])('refuses %s (%s)', (address, range) => {
    expect(addressRange(address)).toBe(range)
    expect(isPublicAddress(address)).toBe(false)
  })

  it.each(['93.184.215.14', '2606:4700::1111', '::ffff:8.8.8.8'])('allows the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })

  it('checks the name localhost like any other host: its loopback address is refused', async () => {
    await expect(resolveCheckedAddress('localhost', false, new AbortController().signal)).rejects.toThrow(/localhost \((127\.0\.0\.1|::1)\): it is a loopback address/)
    await expect(resolveCheckedAddress('localhost', true, new AbortController().signal)).resolves.toMatchObject({ address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) })
  })
})
