import { PlusOutlined } from '@ant-design/icons'
import { Button, Flex, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProviderView } from '@shared/chat/providers'
import { AppLayout } from '@renderer/components/layout/AppLayout'
import { LocalEndpoints } from '@renderer/components/providers/LocalEndpoints'
import { ProviderDialog } from '@renderer/components/providers/ProviderDialog'
import { ProviderList } from '@renderer/components/providers/ProviderList'
import { useDocumentTitle } from '@renderer/hooks/useDocumentTitle'

/** The Models page: the model providers the chat runs on, the servers found on this computer, Add. */
export function ProvidersPage() {
  const { t } = useTranslation()
  useDocumentTitle(`${t('providers.title')} · ${t('app.name')}`)
  // the provider in the dialog: a saved one to edit, 'new', or none (closed)
  const [editing, setEditing] = useState<ProviderView | 'new'>()

  return (
    <AppLayout current="models" title={t('providers.title')}>
      <Flex vertical gap="middle" style={{ maxWidth: 960 }} data-testid="providers-page">
        <Flex align="start" justify="space-between" gap="middle">
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('providers.intro')}
          </Typography.Paragraph>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="provider-add">
            {t('providers.add')}
          </Button>
        </Flex>
        <LocalEndpoints />
        <ProviderList onAdd={() => setEditing('new')} onEdit={setEditing} />
      </Flex>
      {editing && <ProviderDialog provider={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />}
    </AppLayout>
  )
}
