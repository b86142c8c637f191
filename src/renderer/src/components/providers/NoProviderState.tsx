import { RobotOutlined, SettingOutlined } from '@ant-design/icons'
import { Button, Flex, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { usePageRoute } from '@renderer/hooks/usePageRoute'
import { LocalEndpoints } from './LocalEndpoints'

/**
 * What the Chat page shows while there is no model provider: what to add (a cloud key or a model
 * server on this computer), the servers found here with one-click Add, and the way to the Models page.
 */
export function NoProviderState() {
  const { t } = useTranslation()
  const [, navigate] = usePageRoute()
  return (
    <Flex vertical gap="middle" style={{ maxWidth: 640, margin: '0 auto' }} data-testid="no-provider-state">
      <Result
        icon={<RobotOutlined />}
        title={t('providers.noProvider.title')}
        subTitle={t('providers.noProvider.body')}
        style={{ paddingBlock: 24 }}
        extra={
          <Button type="primary" icon={<SettingOutlined />} onClick={() => navigate({ page: 'models' })} data-testid="no-provider-open-models">
            {t('providers.noProvider.openModels')}
          </Button>
        }
      />
      <LocalEndpoints />
    </Flex>
  )
}
