/** The trace a Trace window opened on (`?traceId=` in its address), when a call's link opened it. */
export function traceIdFromLocation(search: string = window.location.search): string | undefined {
  const id = new URLSearchParams(search).get('traceId')
  return id && /^[0-9a-f]{32}$/.test(id) ? id : undefined
}
