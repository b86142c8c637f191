import { Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { isInList, SERVER_CATALOGUE, type CatalogueEntry } from '@shared/mcp/serverCatalogue'
import { useServers } from '@renderer/hooks/useServers'
import { CatalogueCard } from './CatalogueCard'
import { FolderPathDialog } from './FolderPathDialog'
import { useCatalogueAdd } from './useCatalogueAdd'

const grid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 12, margin: 0, padding: 0 }

/** The built-in servers, then the presets, each a card with one-click Add (first run, and the Add menu). */
export function CatalogueCards() {
  const { t } = useTranslation()
  const servers = useServers()
  const adding = useCatalogueAdd()

  const section = (kind: CatalogueEntry['kind'], title: string, hint: string) => (
    <Flex vertical gap="small" data-testid={`catalogue-${kind}s`}>
      <div>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary">{hint}</Typography.Text>
      </div>
      <div role="list" aria-label={title} style={grid}>
        {SERVER_CATALOGUE.filter((entry) => entry.kind === kind).map((entry) => (
          <CatalogueCard
            key={entry.key}
            entry={entry}
            added={isInList(entry, servers)}
            busy={adding.busy === entry.key}
            onAdd={adding.request}
          />
        ))}
      </div>
    </Flex>
  )

  return (
    <Flex vertical gap="large" data-testid="catalogue">
      {section('builtin', t('catalogue.builtinsTitle'), t('catalogue.builtinsHint'))}
      {section('preset', t('catalogue.presetsTitle'), t('catalogue.presetsHint'))}
      {adding.askingFolder && (
        <FolderPathDialog name={t(`catalogueEntries.${adding.askingFolder.key}.title`)} onSubmit={adding.submitFolder} onCancel={adding.cancelFolder} />
      )}
    </Flex>
  )
}
