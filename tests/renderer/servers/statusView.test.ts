import { describe, expect, it } from 'vitest'
import { statusView } from '@renderer/components/servers/statusView'

describe("a server's state as the list and the editor show it", () => {
  it('keeps the display names (and data-status values) the list always had', () => {
    expect(statusView(undefined)).toEqual({ status: 'stopped' })
    expect(statusView({ status: 'stopped' })).toEqual({ status: 'stopped' })
    expect(statusView({ status: 'starting' })).toEqual({ status: 'connecting' })
    expect(statusView({ status: 'connected' })).toEqual({ status: 'connected' })
    expect(statusView({ status: 'needs-approval' })).toEqual({ status: 'needsApproval' })
    expect(statusView({ status: 'needs-sign-in', message: '401 from the server' })).toEqual({
      status: 'needsSignIn',
      error: { message: '401 from the server', code: 'NEEDS_SIGN_IN' }
    })
  })

  it("shows a failure with main's code and detail, and when main tries again", () => {
    expect(statusView({ status: 'failed', code: 'SERVER_EXITED', message: 'exited with code 1', retryAt: 1234 })).toEqual({
      status: 'error',
      error: { message: 'exited with code 1', code: 'SERVER_EXITED' },
      retryAt: 1234
    })
    // a code the renderer has no sentence for: the detail alone
    expect(statusView({ status: 'failed', code: 'SOMETHING_NEW', message: 'detail' })).toEqual({ status: 'error', error: { message: 'detail' }, retryAt: undefined })
  })
})
