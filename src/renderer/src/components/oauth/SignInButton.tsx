import { LoginOutlined } from '@ant-design/icons'
import { App, Button } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { McpServer } from '@shared/mcp/server'
import { useApi } from '@renderer/context/ApiContext'

/**
 * The user's Sign in. Main opens the system browser and waits for the redirect back
 * (5 minutes at most); the server's status follows as usual (connecting → connected).
 */
export function SignInButton({ server, size, type = 'primary' }: { server: McpServer; size?: 'small' | 'middle'; type?: 'primary' | 'default' }) {
  const { t } = useTranslation()
  const api = useApi()
  const { message } = App.useApp()
  const [busy, setBusy] = useState(false)
  const signIn = async () => {
    setBusy(true)
    try {
      await api.mcp.signIn({ serverId: server.id })
    } catch (error) {
      void message.error(t('servers.oauth.signInFailed', { message: (error as Error).message }))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button type={type} size={size} icon={<LoginOutlined />} loading={busy} onClick={() => void signIn()} data-testid="server-sign-in">
      {t('servers.oauth.signIn')}
    </Button>
  )
}
