import type { ReactNode } from 'react'
import { Flex, Layout, theme, Typography } from 'antd'
import { LanguageSelect } from '@renderer/components/settings/LanguageSelect'
import { ThemeSelect } from '@renderer/components/settings/ThemeSelect'

/** The bar above every page: its title on the left, the language and theme switches on the right. */
export function TopBar({ title }: { title: ReactNode }) {
  const { token } = theme.useToken()
  return (
    <Layout.Header
      style={{
        // antd's header is dark blue by default; ours follows the theme like the rest of the page
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        paddingInline: token.paddingLG
      }}
    >
      <Flex align="center" justify="space-between" gap="middle" style={{ height: '100%' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Flex align="center" gap="middle" wrap>
          <LanguageSelect />
          <ThemeSelect />
        </Flex>
      </Flex>
    </Layout.Header>
  )
}
