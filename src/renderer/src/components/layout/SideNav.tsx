import { ApartmentOutlined, DeploymentUnitOutlined } from '@ant-design/icons'
import { Menu, type MenuProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { useOpenTraceWindow } from '@renderer/hooks/useOpenTraceWindow'

/** Pages of the main window. Trace is not one of them: it opens in its own window. */
export type MainPageKey = 'servers'

/**
 * The left menu. antd's Menu is keyboard reachable (Tab into it, arrows to move, Enter to pick).
 * The selection is controlled, so "Trace" (an action) never looks like the current page.
 */
export function SideNav({ current }: { current: MainPageKey }) {
  const { t } = useTranslation()
  const openTrace = useOpenTraceWindow()

  const items: MenuProps['items'] = [
    { key: 'servers', icon: <ApartmentOutlined />, label: t('nav.servers'), 'data-testid': 'nav-servers' },
    {
      key: 'trace',
      icon: <DeploymentUnitOutlined />,
      label: t('nav.trace'),
      'data-testid': 'nav-trace',
      onClick: () => void openTrace()
    }
  ]

  return <Menu mode="inline" selectedKeys={[current]} items={items} />
}
