import { useEffect, useRef } from 'react'
import { Alert, Card, Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js'
import { ResourceContentsView } from './ResourceContentsView'

export type ReadState = { uri: string } & ({ result: ReadResourceResult } | { error: string })

/** What reading a resource gave: every entry of its contents, or the error main sent. */
export function ResourceReader({ state }: { state: ReadState }) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDivElement>(null)
  // the list can be long: bring what was just read into view (jsdom has no scrollIntoView)
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' })
  }, [state])
  if ('error' in state) {
    return (
      <div ref={ref}>
        <Alert type="error" showIcon title={t('resources.readFailed', { uri: state.uri, message: state.error })} data-testid="resource-error" />
      </div>
    )
  }
  const { contents } = state.result
  return (
    <div ref={ref}>
      <Card size="small" title={`${t('resources.contents')}: ${state.uri}`} data-testid="resource-contents">
        <Flex vertical gap={8}>
          {contents.length === 0 ? <Typography.Text type="secondary">{t('resources.noContents')}</Typography.Text> : null}
          {contents.map((entry, i) => (
            <div key={`${entry.uri}-${i}`}>
              {contents.length > 1 ? <Typography.Text code>{entry.uri}</Typography.Text> : null}
              <ResourceContentsView contents={entry} />
            </div>
          ))}
        </Flex>
      </Card>
    </div>
  )
}
