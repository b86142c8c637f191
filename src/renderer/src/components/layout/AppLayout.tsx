import type { ReactNode } from 'react'
import { Layout, theme, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { ToolApprovalDialog } from '@renderer/components/chat/ToolApprovalDialog'
import { ServerRequestDialogs } from '@renderer/components/dialogs/ServerRequestDialogs'
import { SideNav, type MainPageKey } from './SideNav'
import { TopBar } from './TopBar'

/**
 * The main window's frame: sider with the app name and the menu, top bar, page content. antd's
 * Layout takes its background from the theme token, so dark mode covers the whole page.
 */
export function AppLayout({ current, title, children }: { current: MainPageKey; title: ReactNode; children: ReactNode }) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        theme="light"
        width={220}
        style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
      >
        <Typography.Title level={5} style={{ margin: 0, padding: token.paddingLG }}>
          {t('app.name')}
        </Typography.Title>
        <nav aria-label={t('nav.label')}>
          <SideNav current={current} />
        </nav>
      </Layout.Sider>
      <Layout>
        <TopBar title={title} />
        <Layout.Content style={{ padding: token.paddingLG }}>{children}</Layout.Content>
        <ServerRequestDialogs />
        {/* a chat's tool call waits for the user whichever page is open */}
        <ToolApprovalDialog />
      </Layout>
    </Layout>
  )
}
