import { ReloadOutlined } from '@ant-design/icons'
import { Alert, Button, Flex, Skeleton, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { ErrorText } from '@renderer/components/errors/ErrorText'
import { RuntimeCard } from './RuntimeCard'
import { useRuntimes } from './useRuntimes'

/** The anchor a server's "runtime missing" failure links to. */
export const RUNTIMES_SECTION_ID = 'runtimes'

/** Settings → Runtimes: node, uv, bun, python and docker as main finds them, with a path per runtime. */
export function RuntimesSection() {
  const { t } = useTranslation()
  const { runtimes, loading, error, recheck, setPath } = useRuntimes()
  return (
    <section id={RUNTIMES_SECTION_ID} aria-labelledby="runtimes-title" data-testid="runtimes-section">
      <Flex vertical gap="middle">
        <Flex align="start" justify="space-between" gap="middle">
          <div>
            <Typography.Title level={5} id="runtimes-title" style={{ marginTop: 0 }}>
              {t('runtimes.title')}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('runtimes.intro')}
            </Typography.Paragraph>
          </div>
          <Button icon={<ReloadOutlined />} onClick={recheck} loading={loading && !!runtimes} disabled={loading} data-testid="runtimes-recheck">
            {t('runtimes.recheck')}
          </Button>
        </Flex>
        {error ? (
          <Alert
            type="error"
            showIcon
            title={t('runtimes.loadFailed')}
            description={<ErrorText error={error} />}
            action={
              <Button size="small" onClick={recheck} data-testid="runtimes-retry">
                {t('runtimes.retry')}
              </Button>
            }
            data-testid="runtimes-error"
          />
        ) : null}
        {!runtimes && loading ? <Skeleton active aria-label={t('runtimes.loading')} /> : null}
        {runtimes?.map((runtime) => <RuntimeCard key={runtime.runtime} runtime={runtime} onSetPath={(path) => setPath(runtime.runtime, path)} />)}
      </Flex>
    </section>
  )
}
