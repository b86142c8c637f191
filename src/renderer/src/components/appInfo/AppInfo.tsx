import { FolderOpenOutlined } from '@ant-design/icons'
import { Alert, App, Button, Descriptions, Flex, Skeleton, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { AppInfo } from '@shared/ipc/contract'
import { useApi } from '@renderer/context/ApiContext'
import { describeError, errorLine } from '@renderer/components/errors/describeError'
import { useAppInfo } from '@renderer/hooks/useAppInfo'

// OS names are proper nouns, the same in every language; unknown ones are shown as main reports them
const platformNames: Record<string, string> = { darwin: 'macOS', win32: 'Windows', linux: 'Linux' }

/** The user-data folder: copyable everywhere, opened in the file manager where the app can ask for one (desktop). */
function DataFolder({ info }: { info: AppInfo }) {
  const { t } = useTranslation()
  const api = useApi()
  const { message } = App.useApp()
  const open = () => {
    api.app.openDataFolder().catch((failure: unknown) => void message.error(errorLine(t, describeError(failure))))
  }
  return (
    <Flex gap="small" align="center" wrap>
      <Typography.Text code copyable={{ tooltips: [t('appInfo.copyFolder'), t('appInfo.copied')] }} data-testid="app-data-folder">
        {info.dataFolder}
      </Typography.Text>
      {info.mode === 'electron' ? (
        <Button size="small" icon={<FolderOpenOutlined />} onClick={open} data-testid="app-data-folder-open">
          {t('appInfo.openFolder')}
        </Button>
      ) : null}
    </Flex>
  )
}

function InfoDetails({ info }: { info: AppInfo }) {
  const { t } = useTranslation()
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2 }}
      items={[
        { key: 'name', label: t('appInfo.name'), children: <span data-testid="app-name">{info.name}</span> },
        {
          key: 'version',
          label: t('appInfo.version'),
          children: <span data-testid="app-version">{info.version}</span>
        },
        {
          key: 'mode',
          label: t('appInfo.mode'),
          // data-mode keeps the raw value for E2E; the text is for people, so it is translated
          children: (
            <Tag data-testid="app-mode" data-mode={info.mode} color={info.mode === 'electron' ? 'blue' : 'green'}>
              {t(`appInfo.modes.${info.mode}`)}
            </Tag>
          )
        },
        {
          key: 'platform',
          label: t('appInfo.platform'),
          children: <span data-testid="app-platform">{platformNames[info.platform] ?? info.platform}</span>
        },
        { key: 'dataFolder', label: t('appInfo.dataFolder'), span: 'filled', children: <DataFolder info={info} /> }
      ]}
    />
  )
}

/** What MCP Studio this is (name, version, Electron or browser mode, OS), as main reports it. */
export function AppInfo() {
  const { t } = useTranslation()
  const state = useAppInfo()
  return (
    <div data-testid="app-info">
      {state.status === 'loading' && (
        <div role="status" aria-busy="true" aria-label={t('appInfo.loading')} data-testid="app-info-loading">
          <Skeleton active title={false} paragraph={{ rows: 2 }} />
        </div>
      )}
      {state.status === 'error' && (
        <Alert
          data-testid="app-info-error"
          type="error"
          showIcon
          title={t('appInfo.errorTitle')}
          description={state.message}
          action={
            <Button data-testid="app-info-retry" size="small" onClick={state.retry}>
              {t('appInfo.retry')}
            </Button>
          }
        />
      )}
      {state.status === 'ready' && <InfoDetails info={state.info} />}
    </div>
  )
}
