import { Flex } from 'antd'
import { useTranslation } from 'react-i18next'
import { AppInfoCard } from '@renderer/components/appInfo/AppInfoCard'
import { AppLayout } from '@renderer/components/layout/AppLayout'
import { ServerList } from '@renderer/components/servers/ServerList'
import { useDocumentTitle } from '@renderer/hooks/useDocumentTitle'

/** The main window's first page: which app this is, then the configured MCP servers. */
export function ServersPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('app.name'))
  return (
    <AppLayout current="servers" title={t('servers.title')}>
      <Flex vertical gap="large">
        <AppInfoCard />
        <ServerList />
      </Flex>
    </AppLayout>
  )
}
