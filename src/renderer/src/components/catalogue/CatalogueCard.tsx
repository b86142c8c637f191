import { CheckOutlined, FolderOpenOutlined, PlusOutlined } from '@ant-design/icons'
import { Avatar, Button, Card, Flex, Tag, theme, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { CatalogueEntry } from '@shared/mcp/serverCatalogue'
import { CATALOGUE_ICONS } from './catalogueIcons'

export interface CatalogueCardProps {
  entry: CatalogueEntry
  /** already in the list: shown as Added, nothing to click */
  added: boolean
  busy: boolean
  onAdd: (entry: CatalogueEntry) => void
}

/** What a preset runs or reaches, so the user sees it before adding; a built-in shows its name. */
function targetOf(entry: CatalogueEntry): string {
  const { server } = entry
  if (server.type === 'stdio') return [server.command, ...(server.args ?? [])].join(' ')
  if (server.type !== 'inMemory') return server.baseUrl
  return server.name
}

/** One built-in or preset: what it is and does, and its one-click Add. */
export function CatalogueCard({ entry, added, busy, onAdd }: CatalogueCardProps) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const title = t(`catalogueEntries.${entry.key}.title`)
  const builtin = entry.kind === 'builtin'
  return (
    <Card
      size="small"
      role="listitem"
      data-testid="catalogue-card"
      data-key={entry.key}
      data-added={added}
      style={{ height: '100%' }}
      styles={{ body: { height: '100%', display: 'flex', flexDirection: 'column', gap: token.marginXS } }}
    >
      <Flex align="center" gap="small">
        <Avatar shape="square" icon={CATALOGUE_ICONS[entry.icon]} style={{ flexShrink: 0, background: builtin ? token.colorPrimary : token.colorTextTertiary }} />
        <Typography.Text strong data-testid="catalogue-title">
          {title}
        </Typography.Text>
        <Tag color={builtin ? 'purple' : undefined} style={{ marginInlineStart: 'auto', marginInlineEnd: 0 }}>
          {builtin ? t('catalogue.builtinTag') : t('catalogue.presetTag')}
        </Tag>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0, flex: 1 }}>
        {t(`catalogueEntries.${entry.key}.description`)}
      </Typography.Paragraph>
      <Typography.Text code ellipsis={{ tooltip: targetOf(entry) }} style={{ fontSize: token.fontSizeSM }}>
        {targetOf(entry)}
      </Typography.Text>
      <Flex align="center" justify="space-between" gap="small">
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {entry.needs === 'folder' && (
            <>
              <FolderOpenOutlined /> {t('catalogue.needsFolder')}
            </>
          )}
        </Typography.Text>
        {added ? (
          <Button size="small" icon={<CheckOutlined />} disabled data-testid="catalogue-added">
            {t('catalogue.added')}
          </Button>
        ) : (
          <Button
            size="small"
            type="primary"
            icon={<PlusOutlined />}
            loading={busy}
            onClick={() => onAdd(entry)}
            aria-label={t('catalogue.addNamed', { name: title })}
            data-testid={`catalogue-add-${entry.key}`}
          >
            {t('catalogue.add')}
          </Button>
        )}
      </Flex>
    </Card>
  )
}
