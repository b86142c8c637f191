import { useState } from 'react'
import { Alert, Button, Flex, theme, Typography } from 'antd'
import type { ElicitRequestURLParams } from '@modelcontextprotocol/sdk/types.js'
import { useTranslation } from 'react-i18next'
import type { ElicitationRequestEvent, ElicitationResponse } from '@shared/ipc/contract'
import { useApi } from '@renderer/context/ApiContext'
import { ServerRequestModal } from './ServerRequestModal'
import type { RequestPlace } from './requestPlace'
import { showBidiControls } from '@shared/mcp/bidiControls'

export interface ElicitationUrlDialogProps extends RequestPlace {
  event: ElicitationRequestEvent
  params: ElicitRequestURLParams
  busy: boolean
  onAnswer: (response: ElicitationResponse) => void
}

/** Only http(s) addresses are offered for opening, as main only opens those. */
function parseWebUrl(raw: string): URL | undefined {
  try {
    const url = new URL(raw)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined
  } catch {
    return undefined
  }
}

/** The URL with its host stood out, so a look-alike address (a phishing lure) is easier to spot. */
function HighlightedUrl({ raw, url }: { raw: string; url?: URL }) {
  const { token } = theme.useToken()
  const at = url ? raw.indexOf(url.host) : -1
  // a bidirectional control in the link (U+202E …) would make it read as another: shown instead
  const body =
    at < 0 ? (
      showBidiControls(raw)
    ) : (
      <>
        {showBidiControls(raw.slice(0, at))}
        <strong data-testid="elicitation-url-host" style={{ background: token.colorPrimaryBg, color: token.colorPrimaryText, paddingInline: 2 }}>
          {raw.slice(at, at + url!.host.length)}
        </strong>
        {showBidiControls(raw.slice(at + url!.host.length))}
      </>
    )
  return (
    <Typography.Paragraph
      data-testid="elicitation-url"
      copyable={{ text: raw }}
      style={{ fontFamily: token.fontFamilyCode, wordBreak: 'break-all', padding: token.paddingSM, background: token.colorFillTertiary, borderRadius: token.borderRadius }}
    >
      {body}
    </Typography.Paragraph>
  )
}

/** URL mode: the address is shown in full and opened only when the user clicks Open. */
export function ElicitationUrlDialog({ event, params, busy, onAnswer, position, total }: ElicitationUrlDialogProps) {
  const { t } = useTranslation()
  const api = useApi()
  const url = parseWebUrl(params.url)
  const [openError, setOpenError] = useState<string>()

  const open = async () => {
    setOpenError(undefined)
    try {
      await api.app.openExternal({ url: params.url })
    } catch (error) {
      setOpenError(error instanceof Error ? error.message : String(error))
      return
    }
    onAnswer({ action: 'accept' })
  }

  return (
    <ServerRequestModal
      testId="elicitation-url-dialog"
      title={t('dialogs.elicitation.urlTitle', { server: event.serverName })}
      serverName={event.serverName}
      expiresAt={event.expiresAt}
      position={position}
      total={total}
      onDismiss={() => onAnswer({ action: 'cancel' })}
      footer={[
        <Button key="cancel" data-testid="elicitation-cancel" data-autofocus disabled={busy} onClick={() => onAnswer({ action: 'cancel' })}>
          {t('dialogs.elicitation.cancel')}
        </Button>,
        <Button key="decline" data-testid="elicitation-decline" disabled={busy} onClick={() => onAnswer({ action: 'decline' })}>
          {t('dialogs.elicitation.decline')}
        </Button>,
        <Button key="open" type="primary" data-testid="elicitation-open" disabled={!url} loading={busy} onClick={() => void open()}>
          {t('dialogs.elicitation.open')}
        </Button>
      ]}
    >
      <Flex vertical gap="small">
        <Typography.Paragraph data-testid="elicitation-message" style={{ whiteSpace: 'pre-wrap', marginBlockEnd: 0 }}>
          {params.message}
        </Typography.Paragraph>
        <Typography.Text type="secondary">{t('dialogs.elicitation.urlIntro')}</Typography.Text>
        {url && (
          <Flex gap="small">
            <Typography.Text type="secondary">{t('dialogs.elicitation.urlHost')}</Typography.Text>
            <Typography.Text strong>{url.host}</Typography.Text>
          </Flex>
        )}
        <HighlightedUrl raw={params.url} url={url} />
        {!url && <Alert type="error" showIcon title={t('dialogs.elicitation.urlInvalid')} />}
        {openError && <Alert type="error" showIcon data-testid="elicitation-open-error" title={t('dialogs.elicitation.openFailed', { message: openError })} />}
      </Flex>
    </ServerRequestModal>
  )
}
