import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { McpServer } from '@shared/mcp/server'
import { redirectFollower } from '../../../src/main/services/mcp/oauth/browser'
import { startAuthServer, type AuthServer } from '../../fixtures/oauth/authServer'
import { startResourceServer, type ResourceServer } from '../../fixtures/oauth/resourceServer'
import { cleanupServers, renderServers, rowOf, waitForStatus } from './serversSupport'

// OAuth sign-in: a remote server that needs OAuth shows "needs sign-in" in the list; Sign in opens
// the browser (here the headless follower, through the platform's real open-URL seam) and the
// server connects with its tools; the editor shows where it is signed in and can sign out.
let auth: AuthServer
let rs: ResourceServer
let opened: string[]

beforeEach(async () => {
  rs = await startResourceServer(() => auth)
  auth = await startAuthServer({ resource: () => rs.url })
  opened = []
})

afterEach(async () => {
  await cleanupServers()
  await rs.close()
  await auth.close()
})

const follow = redirectFollower()

describe('OAuth sign-in in the window', () => {
  it('shows needs sign-in, signs in with one click, then the tools and where it is signed in', async () => {
    const server: McpServer = { id: 'protected', name: 'Protected', type: 'streamableHttp', baseUrl: rs.url, isActive: true, oauth: { callbackPort: 0 } }
    await renderServers([server], {
      main: {
        openUrl: async (url) => {
          opened.push(url)
          await follow(new URL(url))
        }
      }
    })
    await waitForStatus('Protected', 'needsSignIn')
    expect(within(rowOf('Protected')).getByTestId('server-needs-sign-in').textContent).toContain('Protected needs you to sign in')
    expect(opened).toEqual([])

    fireEvent.click(within(rowOf('Protected')).getByTestId('server-sign-in'))
    await waitForStatus('Protected', 'connected')
    expect(opened).toHaveLength(1)
    expect(opened[0]).toContain(`${auth.issuer}/auth?`)
    await waitFor(() => expect(rowOf('Protected').textContent).toContain('2 tools'))
    expect(within(rowOf('Protected')).queryByTestId('server-needs-sign-in')).toBeNull()

    // the editor: the authorization server and the scopes granted, and Sign out
    fireEvent.click(within(rowOf('Protected')).getByTestId('server-edit'))
    expect((await screen.findByTestId('editor-oauth-server')).textContent).toContain(auth.issuer)
    expect(screen.getByTestId('editor-oauth-scopes').textContent).toContain('mcp')
    fireEvent.click(screen.getByTestId('editor-sign-out'))
    await waitFor(() => expect(screen.queryByTestId('editor-oauth')).toBeNull())
  })
})
