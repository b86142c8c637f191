import { Alert, Flex } from 'antd'
import { useEffect, useState, type CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import { RUNTIME_HOME, RUNTIME_LABEL, runtimeOf, type RuntimeStatus } from '@shared/mcp/runtimeOf'
import { useApi } from '@renderer/context/ApiContext'
import { ExternalLink } from '@renderer/components/results/ExternalLink'
import { RuntimesLink } from './RuntimesLink'

/**
 * Before a server starts: when its command needs a runtime main did not find, which one, where to
 * get it and a link to Settings → Runtimes. Nothing while main is asked, or when it is there.
 */
export function MissingRuntimeNote({ command, style }: { command?: string; style?: CSSProperties }) {
  const { t } = useTranslation()
  const api = useApi()
  const runtime = runtimeOf(command)
  const [status, setStatus] = useState<RuntimeStatus>()
  useEffect(() => {
    if (!runtime) return
    let live = true
    // main keeps what it found: asking costs nothing after the first time
    api.app.runtimes().then(
      (all) => live && setStatus(all.find((r) => r.runtime === runtime)),
      () => undefined
    )
    return () => {
      live = false
    }
  }, [api, runtime])
  if (!runtime || !status || status.found) return null
  const name = RUNTIME_LABEL[runtime]
  return (
    <Alert
      type="error"
      showIcon
      style={style}
      data-testid="missing-runtime"
      data-runtime={runtime}
      title={t('runtimes.missingFor', { command: command ?? '', name })}
      description={
        <Flex gap="middle" wrap>
          <ExternalLink href={RUNTIME_HOME[runtime]} testId="missing-runtime-get">
            {t('runtimes.getIt', { name })}
          </ExternalLink>
          <RuntimesLink />
        </Flex>
      }
    />
  )
}
