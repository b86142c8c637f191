import { LogoutOutlined } from '@ant-design/icons'
import { App, Button, Flex, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { McpAuthStatus, ServerStatus } from '@shared/mcp/status'
import type { McpServer } from '@shared/mcp/server'
import { useApi } from '@renderer/context/ApiContext'

/**
 * In the editor of a remote server: where it is signed in and the scopes granted, with Sign out
 * (revoked at the server where it can, the stored tokens deleted). Read again on each status change.
 */
export function OAuthStatusLine({ server, status }: { server: McpServer; status: ServerStatus | string }) {
  const { t } = useTranslation()
  const api = useApi()
  const { message } = App.useApp()
  const [auth, setAuth] = useState<McpAuthStatus | undefined>()
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    let current = true
    api.mcp.authStatus({ serverId: server.id }).then(
      (next) => current && setAuth(next),
      () => current && setAuth(undefined)
    )
    return () => {
      current = false
    }
  }, [api, server.id, status])
  if (!auth?.signedIn) return null
  const signOut = async () => {
    setBusy(true)
    try {
      await api.mcp.signOut({ serverId: server.id })
      setAuth({ signedIn: false })
      void message.success(t('servers.oauth.signedOut', { name: server.name }))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Flex align="center" gap="small" wrap data-testid="editor-oauth">
      <Typography.Text type="secondary" data-testid="editor-oauth-server">
        {t('servers.oauth.signedInAt', { server: auth.authorizationServer ?? '?' })}
      </Typography.Text>
      {auth.scopes?.length ? (
        <Typography.Text type="secondary" data-testid="editor-oauth-scopes">
          {t('servers.oauth.scopes', { scopes: auth.scopes.join(' ') })}
        </Typography.Text>
      ) : null}
      <Button size="small" icon={<LogoutOutlined />} loading={busy} onClick={() => void signOut()} data-testid="editor-sign-out">
        {t('servers.oauth.signOut')}
      </Button>
    </Flex>
  )
}
