import { ApartmentOutlined, DeploymentUnitOutlined, InfoCircleOutlined, MessageOutlined, RobotOutlined, SettingOutlined } from '@ant-design/icons'
import { Menu, type MenuProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AboutDialog } from '@renderer/components/appInfo/AboutDialog'
import { useOpenTraceWindow } from '@renderer/hooks/useOpenTraceWindow'
import { usePageRoute, type MainPageKey } from '@renderer/hooks/usePageRoute'

export type { MainPageKey }

/**
 * The left menu. antd's Menu is keyboard reachable (Tab into it, arrows to move, Enter to pick).
 * The selection is controlled, so "Trace" and "About" (actions) never look like the current page.
 */
export function SideNav({ current }: { current: MainPageKey }) {
  const { t } = useTranslation()
  const openTrace = useOpenTraceWindow()
  const [about, setAbout] = useState(false)
  const [, navigate] = usePageRoute()

  const items: MenuProps['items'] = [
    { key: 'chat', icon: <MessageOutlined />, label: t('nav.chat'), 'data-testid': 'nav-chat', onClick: () => navigate({ page: 'chat' }) },
    {
      key: 'servers',
      icon: <ApartmentOutlined />,
      label: t('nav.servers'),
      'data-testid': 'nav-servers',
      onClick: () => navigate({ page: 'servers' })
    },
    { key: 'models', icon: <RobotOutlined />, label: t('providers.nav'), 'data-testid': 'nav-models', onClick: () => navigate({ page: 'models' }) },
    {
      key: 'trace',
      icon: <DeploymentUnitOutlined />,
      label: t('nav.trace'),
      'data-testid': 'nav-trace',
      onClick: () => void openTrace()
    },
    { key: 'settings', icon: <SettingOutlined />, label: t('runtimes.nav'), 'data-testid': 'nav-settings', onClick: () => navigate({ page: 'settings' }) },
    { key: 'about', icon: <InfoCircleOutlined />, label: t('nav.about'), 'data-testid': 'nav-about', onClick: () => setAbout(true) }
  ]

  return (
    <>
      <Menu mode="inline" selectedKeys={[current]} items={items} />
      <AboutDialog open={about} onClose={() => setAbout(false)} />
    </>
  )
}
