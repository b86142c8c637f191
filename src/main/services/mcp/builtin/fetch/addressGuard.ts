import { lookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'
import { FetchError } from './fetchError'

export interface CheckedAddress {
  address: string
  family: 4 | 6
}

/**
 * ipaddr.js's range of an address ('unicast' for a public one; 'loopback', 'private', 'linkLocal',
 * 'uniqueLocal', 'carrierGradeNat', …), IPv4-mapped IPv6 judged as the IPv4 address it carries.
 * Anything that does not parse is 'invalid'.
 */
export function addressRange(address: string): string {
  try {
    return ipaddr.process(address).range()
  } catch {
    return 'invalid'
  }
}

/** Only ordinary public addresses; a model can be tricked into probing the user's own network. */
export function isPublicAddress(address: string): boolean {
  return addressRange(address) === 'unicast'
}

const bare = (hostname: string) => (hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname)

/** Rejects when the signal fires: a DNS lookup cannot be cancelled, but we need not wait for it. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted()
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/**
 * Resolves a URL's host (a name, `localhost` or a literal IP alike) and checks every address it has:
 * one non-public address refuses the host unless private ones are allowed. The request then connects
 * to the returned address only, so a second DNS answer cannot slip another address in.
 */
export async function resolveCheckedAddress(hostname: string, allowPrivate: boolean, signal: AbortSignal): Promise<CheckedAddress> {
  const host = bare(hostname)
  let addresses: Array<{ address: string; family: number }>
  try {
    addresses = await abortable(lookup(host, { all: true, verbatim: true }), signal)
  } catch (error) {
    if (signal.aborted) throw error
    const code = (error as NodeJS.ErrnoException).code
    throw new FetchError(`cannot resolve the host name "${host}"${code ? ` (${code})` : ''}`, { cause: error })
  }
  if (addresses.length === 0) throw new FetchError(`the host name "${host}" has no address`)
  if (!allowPrivate) {
    const refused = addresses.find((a) => !isPublicAddress(a.address))
    if (refused) {
      const what = host === refused.address ? host : `${host} (${refused.address})`
      throw new FetchError(
        `refused to fetch ${what}: it is a ${describeRange(addressRange(refused.address))} address, not a public one. ` +
          "Requests to the user's own machine and network are off so a page cannot make the model probe it; " +
          "set FETCH_ALLOW_PRIVATE=1 in this server's env to allow them"
      )
    }
  }
  const first = addresses[0]
  return { address: first.address, family: first.family === 6 ? 6 : 4 }
}

const rangeNames: Record<string, string> = {
  loopback: 'loopback',
  private: 'private-network',
  linkLocal: 'link-local',
  uniqueLocal: 'unique-local',
  unspecified: 'unspecified',
  carrierGradeNat: 'carrier-grade NAT',
  multicast: 'multicast',
  broadcast: 'broadcast',
  reserved: 'reserved',
  invalid: 'unrecognised'
}

function describeRange(range: string): string {
  return rangeNames[range] ?? `special-purpose (${range})`
}
