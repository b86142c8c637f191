import { LogoutOutlined } from '@ant-design/icons'
import { App, Button, Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { McpServer } from '@shared/mcp/server'
import { useAuthStatusQuery, useSignOutMutation } from '@renderer/store/mainApi'

/**
 * In the editor of a remote server: where it is signed in and the scopes granted, with Sign out
 * (revoked at the server where it can, the stored tokens deleted). Asked again at each change of
 * the server's state.
 */
export function OAuthStatusLine({ server }: { server: McpServer }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const { data: auth } = useAuthStatusQuery(server.id)
  const [signOut, { isLoading: busy }] = useSignOutMutation()
  if (!auth?.signedIn) return null
  const onSignOut = async () => {
    const result = await signOut(server.id)
    if (!('error' in result)) void message.success(t('servers.oauth.signedOut', { name: server.name }))
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
      <Button size="small" icon={<LogoutOutlined />} loading={busy} onClick={() => void onSignOut()} data-testid="editor-sign-out">
        {t('servers.oauth.signOut')}
      </Button>
    </Flex>
  )
}
